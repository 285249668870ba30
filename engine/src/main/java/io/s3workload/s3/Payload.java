package io.s3workload.s3;

import io.s3workload.s3.http.Http1Connection;
import io.s3workload.workload.SizeSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;
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
    /** The block off the heap, for writes to sockets that would otherwise copy it there first; made on first use. */
    private volatile ByteBuffer direct;

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

    public long seed() {
        return seed;
    }

    private ByteBuffer direct() {
        ByteBuffer d = direct;
        if (d == null) {
            synchronized (this) {
                d = direct;
                if (d == null) {
                    d = ByteBuffer.allocateDirect(BLOCK_BYTES).put(block).flip();
                    direct = d;
                }
            }
        }
        return d;
    }

    /** The body of {@code key}, {@code length} bytes long. */
    public Body body(String key, long length) {
        return new Body(this, (int) Math.floorMod(hash(key), (long) BLOCK_BYTES), length);
    }

    /** The body of {@code key}, as long as {@code size} makes that key's object. */
    public Body body(String key, SizeSpec size) {
        long hash = hash(key);
        return new Body(this, (int) Math.floorMod(hash, (long) BLOCK_BYTES), size.bytesFor(hash >>> 1));
    }

    /** A well-mixed 64-bit hash of the key and the seed. */
    long hash(String key) {
        long h = seed ^ key.hashCode() * 0x9E3779B97F4A7C15L;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 29;
        h *= 0x94D049BB133111EBL;
        return h ^ (h >>> 32);
    }

    /**
     * A body to upload or to check what was read against: {@code length} bytes of the block from {@code offset},
     * wrapping. Opens a fresh stream each time the client asks (retries, signing).
     */
    public record Body(Payload payload, int offset, long length) implements Http1Connection.Body {

        public InputStream open() {
            return new BlockStream(payload.block, offset, length);
        }

        /** Copies the body into {@code target} from {@code at} (the caller made room for it). */
        @Override
        public void copyTo(byte[] target, int at) {
            long done = 0;
            while (done < length) {
                int from = (int) ((offset + done) % BLOCK_BYTES);
                int n = (int) Math.min(length - done, BLOCK_BYTES - from);
                System.arraycopy(payload.block, from, target, at + (int) done, n);
                done += n;
            }
        }

        /** Writes the body to {@code out} straight from the block, a stretch at a time. */
        @Override
        public void writeTo(OutputStream out) throws IOException {
            long done = 0;
            while (done < length) {
                int from = (int) ((offset + done) % BLOCK_BYTES);
                int n = (int) Math.min(length - done, BLOCK_BYTES - from);
                out.write(payload.block, from, n);
                done += n;
            }
        }

        /** Writes the body to {@code channel} from the off-heap copy of the block: no copy in the JVM. */
        @Override
        public void writeTo(WritableByteChannel channel) throws IOException {
            ByteBuffer block = payload.direct();
            long done = 0;
            while (done < length) {
                int from = (int) ((offset + done) % BLOCK_BYTES);
                int n = (int) Math.min(length - done, BLOCK_BYTES - from);
                ByteBuffer stretch = block.slice(from, n);
                while (stretch.hasRemaining()) {
                    channel.write(stretch);
                }
                done += n;
            }
        }

        /** The part {@code [start, start + length)} of this body. */
        public Body slice(long start, long sliceLength) {
            return new Body(payload, (int) ((offset + start) % BLOCK_BYTES), sliceLength);
        }

        /**
         * A read-only view (no copy) of up to {@code max} of the body's bytes from {@code position}, stopping at the
         * end of the block: how the async client is handed the body.
         */
        public ByteBuffer segment(long position, int max) {
            int from = (int) ((offset + position) % BLOCK_BYTES);
            int n = (int) Math.min(Math.min(max, length - position), BLOCK_BYTES - from);
            return ByteBuffer.wrap(payload.block, from, n).asReadOnlyBuffer();
        }

        /**
         * Compares {@code data[off, off + len)} with this body's bytes from {@code position}: the body position of
         * the first differing byte (a byte past the end of the body differs), or -1 when they match.
         */
        public long mismatch(long position, byte[] data, int off, int len) {
            long checkable = Math.max(0, Math.min(len, length - position));
            int from = (int) ((offset + position) % BLOCK_BYTES);
            int done = 0;
            while (done < checkable) {
                int step = (int) Math.min(checkable - done, BLOCK_BYTES - from);
                int m = Arrays.mismatch(data, off + done, off + done + step, payload.block, from, from + step);
                if (m >= 0) {
                    return position + done + m;
                }
                done += step;
                from = 0;
            }
            return checkable < len ? position + checkable : -1;
        }
    }

    /** Reads {@code length} bytes of the block from {@code offset}, wrapping at its end. */
    static final class BlockStream extends InputStream {

        private final byte[] block;
        private int position;
        private long remaining;
        private int markedPosition;
        private long markedRemaining;

        BlockStream(byte[] block, int offset, long length) {
            this.block = block;
            this.position = offset;
            this.remaining = length;
            this.markedPosition = offset;
            this.markedRemaining = length;
        }

        @Override
        public boolean markSupported() {
            return true;
        }

        @Override
        public void mark(int readLimit) {
            markedPosition = position;
            markedRemaining = remaining;
        }

        @Override
        public void reset() {
            position = markedPosition;
            remaining = markedRemaining;
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
