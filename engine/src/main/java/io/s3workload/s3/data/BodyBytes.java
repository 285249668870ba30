package io.s3workload.s3.data;

import io.s3workload.workload.objects.DataShape;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The bytes of one object's body, made as they are sent: a function of the object's seed (its key and the run's
 * seed), the byte's position and the {@link DataShape}, so that any stretch can be made again to check what is read,
 * and nothing is stored. Bodies come in blocks of 4 KiB; word {@code w} of a block (8 bytes, little-endian) is
 * {@code table[w] ^ key}, where the table is one random block per run ({@link Table}, SplitMix64 words) and the key
 * is the SplitMix64 finalizer of the block's own counter — the object's seed plus its block number — so every block
 * of every object is distinct; a shared block's key is one of {@value #SHARED} per run. A compressible shape keeps
 * the first {@code 512 / ratio} words of each block random and makes the rest zeros. Chosen by measurement
 * (src/bench/payload-generator.sh, docs/performance.md): one load, XOR and store a word, which the JIT vectorizes —
 * about 60 GB/s a core — and no gain under zstd --long=27 or gzip, no repeated 4 KiB block.
 */
final class BodyBytes {

    /** The golden-ratio step of SplitMix64's counter. */
    static final long STEP = 0x9E3779B97F4A7C15L;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final int BLOCK = DataShape.BLOCK_BYTES;
    private static final int WORDS = BLOCK / 8;
    /** How many distinct blocks the deduplicated ones are copies of, per run. */
    static final int SHARED = 16;

    /** A run's random block: {@value #WORDS} SplitMix64 words from its seed, made once per run. */
    static final class Table {
        final long runSeed;
        final long[] words = new long[WORDS];

        Table(long runSeed) {
            this.runSeed = runSeed;
            long counter = mix(runSeed ^ 0x2545F4914F6CDD1DL);
            for (int w = 0; w < WORDS; w++) {
                words[w] = mix(counter + w * STEP);
            }
        }
    }

    private final long objectSeed;
    private final long[] table;
    private final long sharedSeed;
    private final int randomWords;
    /** A block is unique when the mix of its number is below this (unsigned); always, without dedupe. */
    private final long uniqueBelow;
    private final boolean dedupe;

    BodyBytes(long objectSeed, Table table, DataShape shape) {
        this.objectSeed = objectSeed;
        this.table = table.words;
        this.sharedSeed = mix(table.runSeed ^ 0x5DEECE66DL);
        this.randomWords = (int) Math.max(1, Math.min(WORDS, Math.round(WORDS / shape.compressible())));
        this.dedupe = shape.dedupe() > 1;
        // the share 1/dedupe of all 2^64 values, as an unsigned bound
        double bound = 0x1p64 / shape.dedupe();
        this.uniqueBelow = !dedupe ? -1L : bound >= 0x1p63 ? (long) (bound - 0x1p63) ^ Long.MIN_VALUE : (long) bound;
    }

    /** SplitMix64's finalizer (Stafford's mix 13): every input bit reaches every output bit. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The key block {@code block}'s words are XORed with: the object's own, or a shared block's. */
    private long key(long block) {
        if (dedupe) {
            long u = mix(objectSeed ^ (block + 1) * 0xC2B2AE3D27D4EB4FL);
            if (Long.compareUnsigned(u, uniqueBelow) >= 0) {
                return mix(sharedSeed + Long.remainderUnsigned(mix(u), SHARED) * STEP);
            }
        }
        return mix(objectSeed + block * STEP);
    }

    /** Word {@code w} of the block whose key is {@code key}. */
    private long word(long key, int w) {
        return w < randomWords ? table[w] ^ key : 0;
    }

    /** Writes the body's bytes {@code [position, position + len)} into {@code out} from {@code off}. */
    void fill(long position, byte[] out, int off, int len) {
        fill(position, new HeapWords(out, off), len);
    }

    /**
     * Writes the body's bytes {@code [position, position + len)} into the direct buffer {@code out} at its position,
     * which it advances: what goes to a plain socket, made in place ({@link DirectWords}) instead of on the heap and
     * copied.
     */
    void fill(long position, ByteBuffer out, int len) {
        if (len > out.remaining()) {
            throw new BufferOverflowException();
        }
        fill(position, DirectWords.at(out), len);
        out.position(out.position() + len);
    }

    private void fill(long position, BodyOut out, int len) {
        for (int off = 0; off < len; ) {
            int within = (int) (position & (BLOCK - 1));
            int n = Math.min(len - off, BLOCK - within);
            fillBlock(key(position >>> 12), within, out, off, n);
            position += n;
            off += n;
        }
    }

    /** Bytes {@code [within, within + n)} of one block (n reaching at most its end), from {@code out}'s {@code off}. */
    private void fillBlock(long key, int within, BodyOut out, int off, int n) {
        int w = within >>> 3;
        int i = 0;
        int skip = within & 7;
        if (skip != 0) {
            long v = word(key, w++);
            for (; i < Math.min(8 - skip, n); i++) {
                out.put(off + i, (byte) (v >>> (8 * (skip + i))));
            }
        }
        int whole = (n - i) >>> 3;
        int random = Math.max(0, Math.min(whole, randomWords - w));
        out.xor(off + i, table, w, random, key);
        i += random * 8;
        w += random;
        if (random < whole) {
            out.zero(off + i, (whole - random) * 8);
            i += (whole - random) * 8;
            w += whole - random;
        }
        if (i < n) {
            long v = word(key, w);
            for (int k = 0; i < n; i++, k++) {
                out.put(off + i, (byte) (v >>> (8 * k)));
            }
        }
    }

    /** A heap array's bytes from {@code base}, as a body is made into them. */
    private record HeapWords(byte[] bytes, int base) implements BodyOut {
        @Override
        public void put(int at, byte value) {
            bytes[base + at] = value;
        }

        @Override
        public void xor(int at, long[] table, int from, int count, long key) {
            int start = base + at;
            for (int k = 0; k < count; k++) { // one load, XOR and store a word: vectorized by the JIT
                LONGS.set(bytes, start + 8 * k, table[from + k] ^ key);
            }
        }

        @Override
        public void zero(int at, int n) {
            Arrays.fill(bytes, base + at, base + at + n, (byte) 0);
        }
    }

    /**
     * Compares {@code data[off, off + len)} with the body's bytes from {@code position}: the position of the first
     * byte that differs, or -1. Made a word at a time as it compares; nothing is stored.
     */
    long mismatch(long position, byte[] data, int off, int len) {
        int i = 0;
        while (i < len) {
            long p = position + i;
            long key = key(p >>> 12);
            int within = (int) (p & (BLOCK - 1));
            int end = Math.min(len, i + BLOCK - within);
            while (i < end) {
                int inBlock = (int) ((position + i) & (BLOCK - 1));
                int w = inBlock >>> 3;
                int skip = inBlock & 7;
                long expected = word(key, w);
                if (skip == 0 && i + 8 <= end) {
                    long actual = (long) LONGS.get(data, off + i);
                    if (actual != expected) {
                        return position + i + Long.numberOfTrailingZeros(actual ^ expected) / 8;
                    }
                    i += 8;
                } else {
                    for (int k = skip; k < 8 && i < end; k++, i++) {
                        if (data[off + i] != (byte) (expected >>> (8 * k))) {
                            return position + i;
                        }
                    }
                }
            }
        }
        return -1;
    }
}
