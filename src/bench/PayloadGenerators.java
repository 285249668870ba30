import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Candidate ways to make object bodies, measured on one core: GB/s of body generated into a 64 KiB buffer (what a
 * PUT writes to its socket a buffer at a time), and a 256 MiB sample of each written to a file for the bench
 * script to measure with zstd and a 4 KiB-block dedupe count. Run by src/bench/payload-generator.sh.
 *
 * <ul>
 *   <li>slice: a copy out of one pre-generated 16 MiB random block (what s3workload did: no generation at all,
 *   and 16:1 dedupe on a 256 MiB object)</li>
 *   <li>xor-block: that block, each 8-byte word XORed with a key drawn per object and 4 KiB block</li>
 *   <li>splitmix: counter mode, each 8-byte word the SplitMix64 finalizer of (object key + word index)</li>
 *   <li>splitmix-4: the same, four words a step (independent multiplies the CPU can overlap)</li>
 *   <li>mulxor: counter mode with half the finalizer: one multiply and two xor-shifts a word</li>
 *   <li>xor-table: one 4 KiB table of SplitMix64 words per run, each 4 KiB block of a body the table XORed with the
 *   SplitMix64 finalizer of the block's counter (the object's key plus its block number): one load, XOR and store a
 *   word, which the JIT vectorizes (what s3workload does since issue 49)</li>
 * </ul>
 */
public final class PayloadGenerators {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int BLOCK = 16 << 20;
    private static final byte[] RANDOM_BLOCK = new byte[BLOCK];

    static {
        new SplittableRandom(42).nextBytes(RANDOM_BLOCK);
    }

    interface Generator {
        /** Fills {@code out[0, len)} with the body of object {@code key} from byte {@code position} (8-aligned). */
        void fill(long key, long position, byte[] out, int len);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static final Generator SLICE = (key, position, out, len) -> {
        int from = (int) ((key + position) & (BLOCK - 1)) & ~7;
        int n = Math.min(len, BLOCK - from);
        System.arraycopy(RANDOM_BLOCK, from, out, 0, n);
        if (n < len) {
            System.arraycopy(RANDOM_BLOCK, 0, out, n, len - n);
        }
    };

    static final Generator XOR_BLOCK = (key, position, out, len) -> {
        int base = (int) (key & (BLOCK - 1)) & ~7;
        for (int i = 0; i < len; i += 8) {
            long p = position + i;
            long k = mix(key + (p >>> 12));
            long word = (long) LONGS.get(RANDOM_BLOCK, (int) ((base + p) & (BLOCK - 1)));
            LONGS.set(out, i, word ^ k);
        }
    };

    static final Generator SPLITMIX = (key, position, out, len) -> {
        long w = key + (position >>> 3) * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < len; i += 8) {
            LONGS.set(out, i, mix(w));
            w += 0x9E3779B97F4A7C15L;
        }
    };

    static final Generator SPLITMIX_4 = (key, position, out, len) -> {
        final long g = 0x9E3779B97F4A7C15L;
        long w = key + (position >>> 3) * g;
        int i = 0;
        for (; i + 32 <= len; i += 32) {
            LONGS.set(out, i, mix(w));
            LONGS.set(out, i + 8, mix(w + g));
            LONGS.set(out, i + 16, mix(w + 2 * g));
            LONGS.set(out, i + 24, mix(w + 3 * g));
            w += 4 * g;
        }
        for (; i < len; i += 8) {
            LONGS.set(out, i, mix(w));
            w += g;
        }
    };

    static final Generator MULXOR = (key, position, out, len) -> {
        long w = key + (position >>> 3) * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < len; i += 8) {
            long z = (w ^ (w >>> 31)) * 0xBF58476D1CE4E5B9L;
            LONGS.set(out, i, z ^ (z >>> 29));
            w += 0x9E3779B97F4A7C15L;
        }
    };

    private static final long[] TABLE = new long[512];

    static {
        for (int w = 0; w < TABLE.length; w++) {
            TABLE[w] = mix(0x2545F4914F6CDD1DL + w * 0x9E3779B97F4A7C15L);
        }
    }

    static final Generator XOR_TABLE = (key, position, out, len) -> {
        for (int block = 0; block < len; block += 4096) { // position and len are multiples of 4 KiB here
            long k = mix(key + ((position + block) >>> 12) * 0x9E3779B97F4A7C15L);
            for (int w = 0; w < 512; w++) {
                LONGS.set(out, block + 8 * w, TABLE[w] ^ k);
            }
        }
    };

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "/tmp");
        String[] names = {"slice", "xor-block", "splitmix", "splitmix-4", "mulxor", "xor-table"};
        Generator[] generators = {SLICE, XOR_BLOCK, SPLITMIX, SPLITMIX_4, MULXOR, XOR_TABLE};
        byte[] buffer = new byte[64 << 10];
        for (int g = 0; g < generators.length; g++) {
            // warm up, then best of five rounds of 2 GiB
            run(generators[g], buffer, 512L << 20);
            double best = 0;
            for (int round = 0; round < 5; round++) {
                long t0 = System.nanoTime();
                long bytes = run(generators[g], buffer, 2L << 30);
                best = Math.max(best, bytes / ((System.nanoTime() - t0) / 1e9));
            }
            System.out.printf(Locale.ROOT, "%-11s %6.2f GB/s%n", names[g], best / 1e9);
            // a 256 MiB object, and 1024 objects of 256 KiB one after the other, to measure reduction on
            try (var file = Files.newOutputStream(out.resolve(names[g] + ".big"));
                 var small = Files.newOutputStream(out.resolve(names[g] + ".small"))) {
                long key = mix(7);
                for (long p = 0; p < (256L << 20); p += buffer.length) {
                    generators[g].fill(key, p, buffer, buffer.length);
                    file.write(buffer);
                }
                for (int object = 0; object < 1024; object++) {
                    long k = mix(1000 + object);
                    for (long p = 0; p < (256 << 10); p += buffer.length) {
                        generators[g].fill(k, p, buffer, buffer.length);
                        small.write(buffer);
                    }
                }
            }
        }
    }

    private static long run(Generator generator, byte[] buffer, long total) {
        long sum = 0;
        long key = mix(3);
        for (long p = 0; p < total; p += buffer.length) {
            generator.fill(key, p, buffer, buffer.length);
            sum += buffer[(int) (p & 0xfff)];
        }
        if (sum == 42) {
            System.out.print("");
        }
        return total;
    }
}
