package io.s3workload.trace;

import io.s3workload.metrics.Op;
import java.util.List;

/**
 * One operation of a recorded trace, as a replay needs it, whatever log it came from.
 *
 * @param timeMicros   when the store received it: microseconds since the epoch (a log of whole seconds: the second)
 * @param kind         what to replay it as; null for an operation a replay does not know (counted under its name)
 * @param name         the operation as the log names it ({@code REST.GET.OBJECT}, {@code GetObject}, {@code GET})
 * @param key          the object's key as recorded (decoded), or null (a listing, a bucket operation)
 * @param size         the bytes the operation moved or the object's size (a write's body, a read's object), or -1
 * @param rangeStart   a ranged read's first byte, or -1 for the whole object
 * @param rangeLength  a ranged read's length, or -1
 * @param prefix       a listing's prefix (null: none)
 * @param keys         a batched delete's keys (empty otherwise)
 * @param uploadId     a multipart operation's upload id as recorded, or null
 * @param partNumber   an uploaded part's number, or 0
 * @param status       the HTTP status the store answered, or 0 when the log does not say
 * @param serverNanos  the store's time for it (access logs' Total Time, MinIO's timeToResponse), or -1
 * @param serverFirstByteNanos the store's time to its first byte (Turn-Around Time, timeToFirstByte), or -1
 * @param endMicros    when it ended as recorded (microseconds since the epoch), or -1 where the log cannot tell (a log
 *                     of whole seconds, whose operations of one second are placed in it by their order alone)
 * @param line         where it was read: file and line, for messages
 */
public record TraceOp(long timeMicros, Kind kind, String name, String key, long size, long rangeStart,
                      long rangeLength, String prefix, List<String> keys, String uploadId, int partNumber,
                      int status, long serverNanos, long serverFirstByteNanos, long endMicros, String line) {

    public TraceOp {
        keys = List.copyOf(keys);
    }

    /** What a replay makes of a recorded operation. */
    public enum Kind {
        GET, PUT, HEAD, DELETE, DELETE_OBJECTS, LIST, COPY, MULTIPART_CREATE, MULTIPART_PART, MULTIPART_COMPLETE,
        MULTIPART_ABORT;

        /** Whether it reads the object it names (so the object must be there before, unless the trace wrote it). */
        public boolean reads() {
            return this == GET || this == HEAD;
        }

        /** The cell a replayed operation of this kind is counted in. */
        public Op cell() {
            return switch (this) {
                case GET -> Op.GET;
                case PUT -> Op.PUT;
                case HEAD -> Op.HEAD;
                case DELETE, DELETE_OBJECTS -> Op.DELETE;
                case LIST -> Op.LIST;
                case COPY -> Op.COPY;
                case MULTIPART_CREATE -> Op.CREATE_MULTIPART;
                case MULTIPART_PART -> Op.UPLOAD_PART;
                case MULTIPART_COMPLETE -> Op.COMPLETE_MULTIPART;
                case MULTIPART_ABORT -> Op.ABORT_MULTIPART;
            };
        }

        /** As a reader knows it: {@code GET}, {@code DeleteObjects}, {@code UploadPart}. */
        public String label() {
            return switch (this) {
                case DELETE_OBJECTS -> "DeleteObjects";
                case MULTIPART_CREATE -> "CreateMultipartUpload";
                case MULTIPART_PART -> "UploadPart";
                case MULTIPART_COMPLETE -> "CompleteMultipartUpload";
                case MULTIPART_ABORT -> "AbortMultipartUpload";
                default -> name();
            };
        }

        /** Whether it leaves an object at its key (a PUT, a copy, a completed upload). */
        public boolean creates() {
            return this == PUT || this == COPY || this == MULTIPART_COMPLETE;
        }
    }

    /** Whether the store refused it or failed (a 4xx or 5xx recorded). */
    public boolean failed() {
        return status >= 400;
    }

    /** A plain operation on one key. */
    static TraceOp of(long timeMicros, Kind kind, String name, String key, long size, int status, String line) {
        return new TraceOp(timeMicros, kind, name, key, size, -1, -1, null, List.of(), null, 0, status, -1, -1, -1,
                line);
    }

    TraceOp withRange(long start, long length) {
        return new TraceOp(timeMicros, kind, name, key, size, start, length, prefix, keys, uploadId, partNumber, status,
                serverNanos, serverFirstByteNanos, endMicros, line);
    }

    TraceOp withPrefix(String listPrefix) {
        return new TraceOp(timeMicros, kind, name, key, size, rangeStart, rangeLength, listPrefix, keys, uploadId,
                partNumber, status, serverNanos, serverFirstByteNanos, endMicros, line);
    }

    TraceOp withKeys(List<String> batch) {
        return new TraceOp(timeMicros, kind, name, key, size, rangeStart, rangeLength, prefix, batch, uploadId,
                partNumber, status, serverNanos, serverFirstByteNanos, endMicros, line);
    }

    TraceOp withUpload(String id, int part) {
        return new TraceOp(timeMicros, kind, name, key, size, rangeStart, rangeLength, prefix, keys, id, part, status,
                serverNanos, serverFirstByteNanos, endMicros, line);
    }

    TraceOp withServerTimes(long totalNanos, long firstByteNanos) {
        return new TraceOp(timeMicros, kind, name, key, size, rangeStart, rangeLength, prefix, keys, uploadId,
                partNumber, status, totalNanos, firstByteNanos, endMicros, line);
    }

    /** This operation at {@code micros} instead (its end, if the log told it, moved with it). */
    TraceOp at(long micros) {
        return new TraceOp(micros, kind, name, key, size, rangeStart, rangeLength, prefix, keys, uploadId, partNumber,
                status, serverNanos, serverFirstByteNanos, endMicros < 0 ? -1 : endMicros + micros - timeMicros, line);
    }

    /** This operation begun at {@code startMicros} and ended at {@code endMicros}, as its log says. */
    TraceOp between(long startMicros, long endMicros) {
        return new TraceOp(startMicros, kind, name, key, size, rangeStart, rangeLength, prefix, keys, uploadId,
                partNumber, status, serverNanos, serverFirstByteNanos, endMicros, line);
    }
}
