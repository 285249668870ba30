package io.s3workload.s3.data;

import io.s3workload.ground.SizeSpec;
import io.s3workload.s3.http.RequestBody;
import io.s3workload.workload.objects.DataShape;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Object bodies, made as they are sent ({@link BodyBytes}): an object's bytes are a function of its key, the run's
 * seed and its {@link DataShape} — unique by default — so any size streams, nothing is stored or allocated per
 * operation beyond a reusable buffer, and what is read back can be checked against the bytes made again.
 */
public final class Payload {

    private final long seed;
    private final BodyBytes.Table table;

    public Payload(long seed) {
        this.seed = seed;
        this.table = new BodyBytes.Table(seed);
    }

    public long seed() {
        return seed;
    }

    /** The body of {@code key}, {@code length} bytes long, every byte unique. */
    public Body body(String key, long length) {
        return body(key, length, DataShape.UNIQUE);
    }

    /** The body of {@code key}, {@code length} bytes long, made as {@code shape} says. */
    public Body body(String key, long length, DataShape shape) {
        return new Body(new BodyBytes(hash(key), table, shape), 0, length);
    }

    /** The body of {@code key}, as long as {@code size} makes that key's object, every byte unique. */
    public Body body(String key, SizeSpec size) {
        return body(key, size, DataShape.UNIQUE);
    }

    /** The body of {@code key}, as long as {@code size} makes that key's object, made as {@code shape} says. */
    public Body body(String key, SizeSpec size, DataShape shape) {
        long hash = hash(key);
        return new Body(new BodyBytes(hash, table, shape), 0, size.bytesFor(hash >>> 1));
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
     * A body to upload or to check what was read against: the {@code length} bytes of an object's content from
     * {@code start} (a part or a range of it). Opens a fresh stream each time the client asks (retries, signing).
     */
    public record Body(BodyBytes bytes, long start, long length) implements RequestBody,
            ReadTiming.Expected {

        /** The bytes as a stream, made into the reader's own buffer as it reads. */
        public InputStream open() {
            return new BodyStream(this);
        }

        /** Makes the body's bytes {@code [position, position + len)} into {@code out} from {@code off}. */
        @Override
        public void fill(long position, byte[] out, int off, int len) {
            bytes.fill(start + position, out, off, len);
        }

        /** Makes them straight into the direct buffer {@code out} ({@link DirectWords}): no scratch, no copy. */
        @Override
        public void fill(long position, ByteBuffer out, int len, byte[] scratch) {
            bytes.fill(start + position, out, len);
        }

        /** The part {@code [from, from + sliceLength)} of this body. */
        public Body slice(long from, long sliceLength) {
            return new Body(bytes, start + from, sliceLength);
        }

        /**
         * Up to {@code max} of the body's bytes from {@code position}, in a buffer of their own: how the async client,
         * which may hold on to what it is given, is handed the body.
         */
        public ByteBuffer segment(long position, int max) {
            int n = (int) Math.min(max, length - position);
            byte[] segment = new byte[n];
            fill(position, segment, 0, n);
            return ByteBuffer.wrap(segment).asReadOnlyBuffer();
        }

        /**
         * Compares {@code data[off, off + len)} with this body's bytes from {@code position}: the body position of
         * the first differing byte (a byte past the end of the body differs), or -1 when they match.
         */
        @Override
        public long mismatch(long position, byte[] data, int off, int len) {
            long checkable = Math.max(0, Math.min(len, length - position));
            long at = bytes.mismatch(start + position, data, off, (int) checkable);
            if (at >= 0) {
                return at - start;
            }
            return checkable < len ? position + checkable : -1;
        }

        /** Feeds the body to {@code out} a few KiB at a time (a checksum over it). */
        public void writeTo(OutputStream out) throws IOException {
            byte[] scratch = new byte[(int) Math.max(1, Math.min(length, 16 * 1024))];
            for (long done = 0; done < length; ) {
                int n = (int) Math.min(scratch.length, length - done);
                fill(done, scratch, 0, n);
                out.write(scratch, 0, n);
                done += n;
            }
        }
    }

    /** Reads a body, making its bytes into the caller's buffer. */
    static final class BodyStream extends InputStream {

        private final Body body;
        private long position;
        private long marked;

        BodyStream(Body body) {
            this.body = body;
        }

        @Override
        public boolean markSupported() {
            return true;
        }

        @Override
        public void mark(int readLimit) {
            marked = position;
        }

        @Override
        public void reset() {
            position = marked;
        }

        @Override
        public int read() {
            if (position >= body.length()) {
                return -1;
            }
            byte[] one = new byte[1];
            body.fill(position++, one, 0, 1);
            return one[0] & 0xFF;
        }

        @Override
        public int read(byte[] out, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (position >= body.length()) {
                return -1;
            }
            int n = (int) Math.min(len, body.length() - position);
            body.fill(position, out, off, n);
            position += n;
            return n;
        }

        @Override
        public long skip(long n) {
            long skipped = Math.min(Math.max(n, 0), body.length() - position);
            position += skipped;
            return skipped;
        }

        @Override
        public int available() {
            return (int) Math.min(Integer.MAX_VALUE, body.length() - position);
        }
    }
}
