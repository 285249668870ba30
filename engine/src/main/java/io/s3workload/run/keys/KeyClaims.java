package io.s3workload.run.keys;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The keys of a PUT cell being written right now, so that no two workers write one key at once: legal S3, but a
 * load many servers fail under (rclone lost objects, moto answered 500, Garage aborted competing uploads), which a
 * user would read as the storage failing under load. A worker that wants a key another is writing takes the next
 * free one; there is one whenever the keys are at least the workers. One bit a key, set and cleared with a
 * compare-and-set: no lock.
 */
public final class KeyClaims {

    /**
     * Above this many keys (8 MiB of bits) none are claimed: for two workers to meet on one, an operation would
     * have to last while 64 million others start.
     */
    public static final long MOST_KEYS = 1L << 26;

    private final long keys;
    /** Whether there are no more workers than keys, so that a key is always free. */
    private final boolean oneAlwaysFree;
    private final AtomicLongArray bits;

    /** Claims on {@code keys} keys by at most {@code workers} workers at once. */
    public KeyClaims(long keys, int workers) {
        this.keys = keys;
        this.oneAlwaysFree = workers <= keys;
        this.bits = new AtomicLongArray((int) ((keys + 63) / 64));
    }

    /**
     * {@code wanted}, or the first key after it (round) no other worker holds; -1 when every key is held, which only
     * happens with more workers than keys. With no more, one is always free, and the claim scans again until it has
     * it: a scan is not one atomic step, and while it looks at the other keys a worker can release the key it passed
     * and take the one it has yet to look at.
     */
    public long claim(long wanted) {
        long key;
        while ((key = scan(wanted)) < 0 && oneAlwaysFree) {
            Thread.yield();
        }
        return key;
    }

    private long scan(long wanted) {
        for (long n = 0; n < keys; n++) {
            long key = (wanted + n) % keys;
            int word = (int) (key >>> 6);
            long bit = 1L << (key & 63);
            long seen = bits.get(word);
            while ((seen & bit) == 0) {
                long witness = bits.compareAndExchange(word, seen, seen | bit);
                if (witness == seen) {
                    return key;
                }
                seen = witness;
            }
        }
        return -1;
    }

    public void release(long key) {
        int word = (int) (key >>> 6);
        long bit = 1L << (key & 63);
        bits.getAndAccumulate(word, bit, (value, b) -> value & ~b);
    }
}
