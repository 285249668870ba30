package io.s3workload.kinds.history;

import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A history stage's writes, each with a body of its own, found again by the first eight bytes a read returns: a
 * body's first word is a bijection of its seed, so no two writes share one. A read is then checked byte by byte
 * against the body it began as; one that began as no write's, or went on as another's, is told apart
 * ({@link Match}).
 */
final class HistoryWrites {

    /** A write: its value in the history and its bytes; its ETag once the store answered with one. */
    static final class Written {
        final String id;
        final Payload.Body body;
        volatile String etag;

        Written(String id, Payload.Body body) {
            this.id = id;
            this.body = body;
        }
    }

    private final Payload payload;
    private final String prefix;
    private final long size;
    private final ConcurrentHashMap<Long, Written> byFirstWord = new ConcurrentHashMap<>();

    HistoryWrites(Payload payload, String prefix, long size) {
        this.payload = payload;
        this.prefix = prefix;
        this.size = size;
    }

    /** A new write, {@code id}, with its body: known from now on to the reads. */
    Written write(String id) {
        Payload.Body body = payload.body(prefix + "#" + id, size);
        Written written = new Written(id, body);
        byFirstWord.put(firstWord(body), written);
        return written;
    }

    private static long firstWord(Payload.Body body) {
        byte[] head = new byte[Long.BYTES];
        body.fill(0, head, 0, head.length);
        return word(head);
    }

    private static long word(byte[] b) {
        long w = 0;
        for (int i = Long.BYTES - 1; i >= 0; i--) {
            w = w << 8 | (b[i] & 0xFF);
        }
        return w;
    }

    /** A read's check: which write its bytes began as, and whether they all were that write's. */
    final class Match implements ReadTiming.Expected {

        private final byte[] head = new byte[Long.BYTES];
        private int have;
        private Written found;
        private boolean unknown;

        /** Ready for the next read. */
        Match reset() {
            have = 0;
            found = null;
            unknown = false;
            return this;
        }

        /** The write the bytes began as; null when too few came or they began as no write's. */
        Written found() {
            return found;
        }

        @Override
        public long mismatch(long position, byte[] data, int off, int len) {
            int i = 0;
            if (found == null) {
                if (unknown) {
                    return position;
                }
                while (have < Long.BYTES && i < len) {
                    head[have++] = data[off + i++];
                }
                if (have < Long.BYTES) {
                    return -1; // more to come
                }
                found = byFirstWord.get(word(head));
                if (found == null) {
                    unknown = true;
                    return 0;
                }
            }
            return i == len ? -1 : found.body.mismatch(position + i, data, off + i, len - i);
        }

        @Override
        public long length() {
            return found != null ? found.body.length() : unknown ? -1 : 0;
        }
    }
}
