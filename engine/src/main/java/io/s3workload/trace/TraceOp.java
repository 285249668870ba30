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
 * @param range        a ranged read's first byte and length, or {@link Range#WHOLE}
 * @param prefix       a listing's prefix (null: none)
 * @param keys         a batched delete's keys (empty otherwise)
 * @param part         a multipart operation's upload id and part number as recorded, or {@link Part#NONE}
 * @param answer       how the store answered it, as recorded
 * @param line         where it was read: file and line, for messages
 */
public record TraceOp(long timeMicros, Kind kind, String name, String key, long size, Range range, String prefix,
                      List<String> keys, Part part, Answer answer, String line) {

    public TraceOp {
        keys = List.copyOf(keys);
    }

    /**
     * A ranged read's bytes.
     *
     * @param start  its first byte, or -1 for the whole object
     * @param length its length, or -1
     */
    public record Range(long start, long length) {
        public static final Range WHOLE = new Range(-1, -1);
    }

    /**
     * A multipart operation's upload and part.
     *
     * @param uploadId   its upload id as recorded, or null
     * @param partNumber an uploaded part's number, or 0
     */
    public record Part(String uploadId, int partNumber) {
        public static final Part NONE = new Part(null, 0);
    }

    /**
     * How the store answered an operation, as its log recorded.
     *
     * @param status               the HTTP status, or 0 when the log does not say
     * @param serverNanos          the store's time for it (access logs' Total Time, MinIO's timeToResponse), or -1
     * @param serverFirstByteNanos the store's time to its first byte (Turn-Around Time, timeToFirstByte), or -1
     * @param endMicros            when it ended (microseconds since the epoch), or -1 where the log cannot tell (a
     *                             log of whole seconds, whose operations of one second are placed in it by their
     *                             order alone)
     */
    public record Answer(int status, long serverNanos, long serverFirstByteNanos, long endMicros) {
    }

    public long rangeStart() {
        return range.start();
    }

    public long rangeLength() {
        return range.length();
    }

    public String uploadId() {
        return part.uploadId();
    }

    public int partNumber() {
        return part.partNumber();
    }

    public int status() {
        return answer.status();
    }

    public long serverNanos() {
        return answer.serverNanos();
    }

    public long serverFirstByteNanos() {
        return answer.serverFirstByteNanos();
    }

    public long endMicros() {
        return answer.endMicros();
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
        return status() >= 400;
    }

    /** A plain operation on one key. */
    public static TraceOp of(long timeMicros, Kind kind, String name, String key, long size, int status, String line) {
        return new TraceOp(timeMicros, kind, name, key, size, Range.WHOLE, null, List.of(), Part.NONE,
                new Answer(status, -1, -1, -1), line);
    }

    public TraceOp withRange(long start, long length) {
        return new TraceOp(timeMicros, kind, name, key, size, new Range(start, length), prefix, keys, part, answer,
                line);
    }

    public TraceOp withPrefix(String listPrefix) {
        return new TraceOp(timeMicros, kind, name, key, size, range, listPrefix, keys, part, answer, line);
    }

    public TraceOp withKeys(List<String> batch) {
        return new TraceOp(timeMicros, kind, name, key, size, range, prefix, batch, part, answer, line);
    }

    public TraceOp withUpload(String id, int number) {
        return new TraceOp(timeMicros, kind, name, key, size, range, prefix, keys, new Part(id, number), answer, line);
    }

    public TraceOp withServerTimes(long totalNanos, long firstByteNanos) {
        return new TraceOp(timeMicros, kind, name, key, size, range, prefix, keys, part,
                new Answer(answer.status(), totalNanos, firstByteNanos, answer.endMicros()), line);
    }

    /** This operation at {@code micros} instead (its end, if the log told it, moved with it). */
    public TraceOp at(long micros) {
        long end = answer.endMicros() < 0 ? -1 : answer.endMicros() + micros - timeMicros;
        return new TraceOp(micros, kind, name, key, size, range, prefix, keys, part,
                new Answer(answer.status(), answer.serverNanos(), answer.serverFirstByteNanos(), end), line);
    }

    /** This operation begun at {@code startMicros} and ended at {@code endMicros}, as its log says. */
    public TraceOp between(long startMicros, long endMicros) {
        return new TraceOp(startMicros, kind, name, key, size, range, prefix, keys, part,
                new Answer(answer.status(), answer.serverNanos(), answer.serverFirstByteNanos(), endMicros), line);
    }
}
