package io.s3workload.s3;

import java.io.InputStream;
import java.util.SplittableRandom;

/**
 * Object bodies cut from one pre-generated random block: an object's bytes start at an offset derived from its
 * key and the run seed and wrap around the block. No body is ever copied or allocated per operation, any size
 * streams, and the bytes of (key, seed) can be regenerated to check what is read back.
 */
public final class Payload {

    /** Block size: large enough that objects up to this size share no repeated stretch. */
    public static final int BLOCK_BYTES = 16 * 1024 * 1024;

    private final byte[] block;
    private final long seed;

    public Payload(long seed) {
        this.seed = seed;
        this.block = new byte[BLOCK_BYTES];
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < BLOCK_BYTES; i += 8) {
            long value = random.nextLong();
            for (int b = 0; b < 8; b++) {
                block[i + b] = (byte) (value >>> (8 * b));
            }
        }
    }

    /** The body of {@code key}, {@code length} bytes long. */
    public Body body(String key, long length) {
        return new Body(this, offsetOf(key), length);
    }

    int offsetOf(String key) {
        long h = seed ^ key.hashCode() * 0x9E3779B97F4A7C15L;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 29;
        return (int) Math.floorMod(h, (long) BLOCK_BYTES);
    }

    /** A body to upload: opens a fresh stream over the block each time the client asks (retries, signing). */
    public record Body(Payload payload, int offset, long length) {

        public InputStream open() {
            return new BlockStream(payload.block, offset, length);
        }
    }

    /** Reads {@code length} bytes of the block from {@code offset}, wrapping at its end. */
    static final class BlockStream extends InputStream {

        private final byte[] block;
        private int position;
        private long remaining;

        BlockStream(byte[] block, int offset, long length) {
            this.block = block;
            this.position = offset;
            this.remaining = length;
        }

        @Override
        public int read() {
            if (remaining <= 0) {
                return -1;
            }
            int b = block[position] & 0xFF;
            advance(1);
            return b;
        }

        @Override
        public int read(byte[] out, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (remaining <= 0) {
                return -1;
            }
            int n = (int) Math.min(Math.min(len, remaining), block.length - position);
            System.arraycopy(block, position, out, off, n);
            advance(n);
            return n;
        }

        @Override
        public long skip(long n) {
            long skipped = Math.min(Math.max(n, 0), remaining);
            remaining -= skipped;
            position = (int) ((position + skipped) % block.length);
            return skipped;
        }

        @Override
        public int available() {
            return (int) Math.min(Integer.MAX_VALUE, remaining);
        }

        private void advance(int n) {
            position += n;
            if (position == block.length) {
                position = 0;
            }
            remaining -= n;
        }
    }
}
