package io.s3workload.run.clients;

import io.s3workload.metrics.CellKey;
import io.s3workload.opslog.OpsLog;
import io.s3workload.opslog.OpsRow;
import io.s3workload.s3.RequestTrace;

/**
 * One worker's rows of the ops log (docs/ops-log.md), written as its operations end. The fields every row repeats
 * while the worker's cell, endpoint, connection and bucket stay the same (run to bucket) are encoded once, and again
 * only when one of those (compared as the same object) changes.
 */
public final class WorkerOpsRows {

    /** {@code intendedNanos} of an operation that was not due at a time (a closed loop's). */
    public static final long NOT_DUE = Long.MIN_VALUE;

    private final OpsSink log;
    private final int worker;
    /** What the worker's operations are, in the log's {@code own} column: empty for measured ones. */
    private final String own;
    private byte[] prefix;
    private CellKey prefixCell;
    private String prefixEndpoint;
    private String prefixHost;
    private String prefixBucket;

    public WorkerOpsRows(OpsSink log, int worker, String own) {
        this.log = log;
        this.worker = worker;
        this.own = own;
    }

    /**
     * Writes the row of an operation of cell {@code key} (in the bucket cell {@code bucketCell}, null: the run's
     * one bucket) that ended now, as {@code trace} names its last request: of {@code bytes} (0 for a failure),
     * begun at {@code beganNanos}, due at {@code intendedNanos} ({@link #NOT_DUE}: none), with its time to first
     * byte ({@code -1}: none) and, for a failure, its error class. Its latency is {@code latencyNanos}, what its
     * cells record (with the time of its retries); a failure's, -1, is its time since it began.
     */
    public void write(CellKey key, String bucketCell, RequestTrace trace, long bytes, long beganNanos, long intendedNanos,
               long latencyNanos, long ttfbNanos, String errorClass, long attempts) {
        long end = System.nanoTime();
        OpsLog out = log.log();
        String endpointName = trace.endpoint() != null ? trace.endpoint() : key.endpoint();
        if (key != prefixCell || endpointName != prefixEndpoint || trace.host() != prefixHost
                || bucketCell != prefixBucket) {
            prefixCell = key;
            prefixEndpoint = endpointName;
            prefixHost = trace.host();
            prefixBucket = bucketCell;
            prefix = OpsRow.fields(log.run(), log.shard(), key.stage(), key.op().name(), key.endpoint(),
                    key.op().sized() ? key.size().label() : null, Integer.toString(worker), endpointName,
                    trace.host(), bucketCell == null ? log.bucket() : bucketCell.substring(bucketCell.indexOf('/') + 1));
        }
        int bound = prefix.length + OpsRow.bound(trace.key()) + OpsRow.bound(trace.versionId())
                + OpsRow.bound(trace.range()) + OpsRow.bound(errorClass) + OpsRow.boundIds(trace.idChars())
                + OpsRow.bound(trace.etag()) + OpsRow.bound(trace.checksum()) + OpsRow.bound(own)
                + 8 * OpsRow.NUMBER + 1;
        OpsRow row = out.begin(bound);
        try {
            row.prefix(prefix).text(trace.key())
                    .text(trace.versionId()).number(bytes).text(trace.range()).number(out.micros(beganNanos))
                    .numberOr(intendedNanos != NOT_DUE, out.micros(intendedNanos)).number(out.micros(end))
                    .numberOr(ttfbNanos >= 0, ttfbNanos).number(latencyNanos >= 0 ? latencyNanos : end - beganNanos)
                    .numberOr(trace.status() > 0, trace.status()).text(errorClass).number(attempts);
            trace.ids(row);
            row.text(trace.etag()).text(trace.checksum()).text(own);
        } catch (RuntimeException e) {
            row.abandon();
            throw e;
        }
        row.end();
    }
}
