package io.s3workload.opslog;

/**
 * One operation as an ops log holds it ({@link OpsLog}), or as warp's per-operation CSV does ({@link OpsReader}).
 * Times are microseconds since the epoch; {@code intendedUs}, {@code ttfbNs} and {@code status} are -1 where none.
 *
 * @param cell     the cell it was counted in
 * @param worker   the worker that sent it
 * @param endpoint the endpoint it went to
 * @param host     the host it went to
 * @param object   the object it was on
 * @param times    when it started, was due and ended, and its latencies
 * @param answer   how it ended
 * @param own      what the run made of it (its own requests apart from the measured ones)
 */
public record OpsRecord(Cell cell, int worker, String endpoint, String host, Target object, Times times,
                        Answer answer, String own) {

    /** The cell an operation was counted in, and its run and shard. */
    public record Cell(String run, String shard, String stage, String op, String cellEndpoint, String sizeClass) {
    }

    /** The object an operation was on: its bucket, key, version, the bytes moved, the range read. */
    public record Target(String bucket, String key, String versionId, long bytes, String range) {
    }

    /** When an operation started, was due (-1: not an open loop) and ended, and its times to first byte and in all. */
    public record Times(long startUs, long intendedUs, long endUs, long ttfbNs, long latencyNs) {
    }

    /** How an operation ended: its status, error, attempts, and what the store named it and its object by. */
    public record Answer(int status, String error, int attempts, String requestId, String etag, String checksum) {
    }

    public String run() {
        return cell.run();
    }

    public String shard() {
        return cell.shard();
    }

    public String stage() {
        return cell.stage();
    }

    public String op() {
        return cell.op();
    }

    public String cellEndpoint() {
        return cell.cellEndpoint();
    }

    public String sizeClass() {
        return cell.sizeClass();
    }

    public String bucket() {
        return object.bucket();
    }

    public String key() {
        return object.key();
    }

    public String versionId() {
        return object.versionId();
    }

    public long bytes() {
        return object.bytes();
    }

    public String range() {
        return object.range();
    }

    public long startUs() {
        return times.startUs();
    }

    public long intendedUs() {
        return times.intendedUs();
    }

    public long endUs() {
        return times.endUs();
    }

    public long ttfbNs() {
        return times.ttfbNs();
    }

    public long latencyNs() {
        return times.latencyNs();
    }

    public int status() {
        return answer.status();
    }

    public String error() {
        return answer.error();
    }

    public int attempts() {
        return answer.attempts();
    }

    public String requestId() {
        return answer.requestId();
    }

    public String etag() {
        return answer.etag();
    }

    public String checksum() {
        return answer.checksum();
    }

    /** Whether it failed. */
    public boolean failed() {
        return !answer.error().isEmpty();
    }

    /**
     * Its latency as its cell records it: from its first attempt's start, or in an open loop from when it was due
     * (the coordinated-omission correction).
     */
    public long recordedNanos() {
        return times.intendedUs() < 0 ? times.latencyNs()
                : times.latencyNs() + Math.max(0, times.startUs() - times.intendedUs()) * 1_000;
    }
}
