package io.s3workload.s3.data;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How a body is made straight into a direct buffer, Java 22 and later (the jar is multi-release; Java 21 runs
 * {@code src/main/java}'s, always {@link DirectLongs}): through a {@code MemorySegment} over the buffer, whose stores
 * C2 vectorizes (1.0-1.4 µs per 64 KiB against 2.0-2.5 through the buffer's {@code putLong} when first measured;
 * 3.9-5.8 µs in isolation and ~3 in a PUT run later: docs/performance.md, How bodies are made), but only once a
 * warm-up on a thread of its own has measured it faster than {@code putLong} here. Until C2 has compiled it a
 * segment's store runs through layers of var handles, several times slower than a buffer's, and used from the
 * first request it held virtual threads' carriers for tens of milliseconds on a busy machine (send time p99 10-257 ms
 * in 12 s open-loop runs against MinIO, 2-9 ms through {@code putLong}: docs/performance.md, How bodies are made).
 * Until the warm-up decides, and for good if the segment never wins (in a minute), bodies go through
 * {@link DirectLongs}. The warm-up takes a tenth of a core at most (it sleeps nine times as long as it works), so
 * that on a small, busy client it does not take the run's first seconds from the requests.
 */
final class DirectWords {

    private static final int WORDS = 512;
    /** Consecutive 64 KiB pieces the segment must make faster than {@code putLong} to be used. */
    private static final int WINS = 32;
    private static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static volatile boolean vectorized;
    private static final CountDownLatch decided = new CountDownLatch(1);

    static {
        Thread.ofPlatform().daemon().name("s3workload-body-warm-up").start(DirectWords::warmUp);
    }

    private DirectWords() {
    }

    /** Where a body is made into {@code out} from its position (which is not moved). */
    static BodyOut at(ByteBuffer out) {
        return vectorized ? new Segment(MemorySegment.ofBuffer(out)) : DirectLongs.at(out); // from the position on
    }

    /** Whether bodies go through the segment, once the warm-up has decided (false if it has not in {@code millis}). */
    static boolean awaitVectorized(long millis) throws InterruptedException {
        decided.await(millis, TimeUnit.MILLISECONDS);
        return vectorized;
    }

    /** Both ways made into one buffer in turn until the segment has won {@link #WINS} times running, or time is up. */
    private static void warmUp() {
        try {
            ByteBuffer buffer = ByteBuffer.allocateDirect(WORDS * 8 * 16);
            long[] table = new long[WORDS];
            for (int i = 0; i < WORDS; i++) {
                table[i] = 0x9E3779B97F4A7C15L * (i + 1);
            }
            long giveUp = System.nanoTime() + GIVE_UP_NANOS;
            for (int wins = 0; wins < WINS; ) {
                if (System.nanoTime() > giveUp) {
                    return;
                }
                long segment = piece(new Segment(MemorySegment.ofBuffer(buffer)), table);
                long words = piece(DirectLongs.at(buffer), table);
                wins = segment < words ? wins + 1 : 0;
                // a tenth of a core at most: the run's first seconds are not the warm-up's to take
                java.util.concurrent.locks.LockSupport.parkNanos(9 * (segment + words));
            }
            vectorized = true;
        } finally {
            decided.countDown();
        }
    }

    /** Nanoseconds to make a 64 KiB piece through {@code out}. */
    private static long piece(BodyOut out, long[] table) {
        long began = System.nanoTime();
        for (int block = 0; block < 16; block++) {
            out.xor(block * WORDS * 8, table, 0, WORDS, block);
        }
        return System.nanoTime() - began;
    }

    /** The bytes of a segment over a direct buffer (from its position). */
    private record Segment(MemorySegment segment) implements BodyOut {

        private static final ValueLayout.OfLong WORD =
                ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

        @Override
        public void xor(int at, long[] table, int from, int count, long key) {
            for (int k = 0; k < count; k++) {
                segment.set(WORD, at + 8L * k, table[from + k] ^ key);
            }
        }

        @Override
        public void zero(int at, int n) {
            segment.asSlice(at, n).fill((byte) 0);
        }

        @Override
        public void put(int at, byte value) {
            segment.set(ValueLayout.JAVA_BYTE, at, value);
        }
    }
}
