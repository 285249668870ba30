package io.s3workload.run.keys;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongUnaryOperator;

/**
 * Which key numbers of a writing cell were written with success at least once, and which were tried at all, for any
 * number of workers at once: a bit per number in pages of 65,536 made on first use, set with one compare-and-set loop
 * (no lock, no allocation per operation once a page exists).
 */
public final class WrittenKeys {

    private static final int PAGE_SHIFT = 16;
    private static final int PAGE_LONGS = (1 << PAGE_SHIFT) / 64;

    private final ConcurrentHashMap<Long, AtomicLongArray> pages = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, AtomicLongArray> triedPages = new ConcurrentHashMap<>();

    public void written(long number) {
        set(pages, number);
    }

    /** A write of {@code number} is about to be sent (whatever comes of it). */
    public void tried(long number) {
        set(triedPages, number);
    }

    public boolean isWritten(long number) {
        return isSet(pages, number);
    }

    /**
     * One past the highest number tried: the keys a cell's operations spread over. An open loop's workers take every
     * n-th number each, so a late worker may leave a number below it untried when the cell ends.
     */
    public long span() {
        long highest = -1;
        for (var page : triedPages.entrySet()) {
            AtomicLongArray words = page.getValue();
            for (int w = PAGE_LONGS - 1; w >= 0; w--) {
                long word = words.get(w);
                if (word != 0) {
                    highest = Math.max(highest, (page.getKey() << PAGE_SHIFT) + w * 64L + 63
                            - Long.numberOfLeadingZeros(word));
                    break;
                }
            }
        }
        return highest + 1;
    }

    /** How many numbers below {@code span} were tried and never written: every write of them failed. */
    public long failed(long span) {
        long failed = 0;
        for (long number = 0; number < span; number++) {
            if (isSet(triedPages, number) && !isWritten(number)) {
                failed++;
            }
        }
        return failed;
    }

    private static void set(ConcurrentHashMap<Long, AtomicLongArray> pages, long number) {
        // get before computeIfAbsent: a page is made once, and at tens of writes a second the JDK's computeIfAbsent
        // reached C2's thresholds 45 s into a run, inside a benchmark's measured window (docs/performance.md)
        AtomicLongArray page = pages.get(number >>> PAGE_SHIFT);
        if (page == null) {
            page = pages.computeIfAbsent(number >>> PAGE_SHIFT, p -> new AtomicLongArray(PAGE_LONGS));
        }
        int bit = (int) (number & ((1 << PAGE_SHIFT) - 1));
        long mask = 1L << (bit & 63);
        for (long word = page.get(bit >>> 6); (word & mask) == 0; word = page.get(bit >>> 6)) {
            if (page.weakCompareAndSetVolatile(bit >>> 6, word, word | mask)) {
                return;
            }
        }
    }

    private static boolean isSet(ConcurrentHashMap<Long, AtomicLongArray> pages, long number) {
        AtomicLongArray page = pages.get(number >>> PAGE_SHIFT);
        int bit = (int) (number & ((1 << PAGE_SHIFT) - 1));
        return page != null && (page.get(bit >>> 6) & (1L << (bit & 63))) != 0;
    }

    /** Keys {@code prefix + 0 .. span - 1}, those never written marked missing; call after the writers stopped. */
    public KeySet keySet(String prefix, long span) {
        return keySet(prefix, span, null);
    }

    /** As {@link #keySet(String, long)}, for keys that hold copies of {@code origin}'s (see {@link KeySet}). */
    public KeySet keySet(String prefix, long span, KeySet origin) {
        return keySet(prefix, span, origin, origin == null ? null : n -> n % origin.count());
    }

    /** As {@link #keySet(String, long, KeySet)}, key number {@code n} holding the bytes of {@code copied(n)}. */
    public KeySet keySet(String prefix, long span, KeySet origin, LongUnaryOperator copied) {
        long[] missing = new long[16];
        int n = 0;
        for (long number = 0; number < span; number++) {
            if (!isWritten(number)) {
                if (n == missing.length) {
                    missing = Arrays.copyOf(missing, n * 2);
                }
                missing[n++] = number;
            }
        }
        return new KeySet(prefix, span, Arrays.copyOf(missing, n), origin, copied);
    }
}
