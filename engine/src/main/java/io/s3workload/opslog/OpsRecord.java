package io.s3workload.opslog;

/**
 * One operation as an ops log holds it ({@link OpsLog}), or as warp's per-operation CSV does ({@link OpsReader}).
 * Times are microseconds since the epoch; {@code intendedUs}, {@code ttfbNs} and {@code status} are -1 where none.
 */
public record OpsRecord(String run, String shard, String stage, String op, String cellEndpoint, String sizeClass,
                        int worker, String endpoint, String host, String bucket, String key, String versionId,
                        long bytes, String range, long startUs, long intendedUs, long endUs, long ttfbNs,
                        long latencyNs, int status, String error, int attempts, String requestId, String etag,
                        String checksum, String own) {

    /** Whether it failed. */
    public boolean failed() {
        return !error.isEmpty();
    }

    /**
     * Its latency as its cell records it: from its first attempt's start, or in an open loop from when it was due
     * (the coordinated-omission correction).
     */
    public long recordedNanos() {
        return intendedUs < 0 ? latencyNs : latencyNs + Math.max(0, startUs - intendedUs) * 1_000;
    }
}
