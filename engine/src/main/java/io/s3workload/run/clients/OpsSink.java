package io.s3workload.run.clients;

import io.s3workload.metrics.CellKey;
import io.s3workload.opslog.OpsLog;
import io.s3workload.opslog.OpsRow;
import io.s3workload.s3.RequestTrace;

/**
 * Where a run's operations are logged: the {@link OpsLog} and what every row of the run repeats. The loops' workers
 * write their rows themselves (a row and the fields of its cell kept per worker); the requests made outside them —
 * the tool's own (the bucket check, listings, cleanup) and the probes' writes and polls — are written here, one row
 * per request or operation, from the thread's {@link RequestTrace}.
 *
 * @param run   the run's id
 * @param shard  the shard's number as {@code i/n}, empty for a whole run
 * @param bucket the run's bucket (an operation in a run spread over buckets names its own)
 */
public record OpsSink(OpsLog log, String run, String shard, String bucket) {

    /** The marks in {@code own}: what the tool did for itself (docs/ops-log.md). */
    public static final String PREPARATION = "preparation";
    public static final String WARM_UP = "warm-up";
    public static final String PREFLIGHT = "preflight";
    public static final String CLEANUP = "cleanup";
    public static final String POLL = "poll";
    /** A stage's reading back of what it wrote, to judge the store (a race's winner, an append's length). */
    public static final String CHECK = "check";

    /**
     * A request of the tool's own that no cell counts, named {@code op} (an S3 action: {@code ListObjectsV2}), made
     * for {@code stage} (empty: for the run) and marked {@code own}: begun at {@code beganNanos}, ended now after
     * {@code attempts}, failed with {@code error} (null: it succeeded).
     */
    public void own(String stage, String op, String own, long beganNanos, String error, int attempts) {
        row(stage, op, null, null, own, beganNanos, 0, -1, error, attempts);
    }

    /**
     * An operation of cell {@code cell} recorded outside a loop (a probe's write or poll), marked {@code own}
     * (empty: measured), begun at {@code beganNanos} and ended now, of {@code bytes}, its latency as the cell records
     * it, failed with {@code error} (null: it succeeded).
     */
    public void cell(CellKey cell, String own, long beganNanos, long bytes, long latencyNanos, String error) {
        row(cell.stage(), cell.op().name(), cell.endpoint(), cell.op().sized() ? cell.size().label() : null, own,
                beganNanos, bytes, latencyNanos, error, 1);
    }

    private void row(String stage, String op, String cellEndpoint, String size, String own, long beganNanos,
                     long bytes, long latencyNanos, String error, int attempts) {
        long end = System.nanoTime();
        RequestTrace trace = RequestTrace.current();
        OpsRow row = log.row().text(run).text(shard).text(stage).text(op).text(cellEndpoint).text(size)
                .empty().text(trace.endpoint()).text(trace.host()).text(bucket).text(trace.key())
                .text(trace.versionId()).number(bytes).text(trace.range()).number(log.micros(beganNanos)).empty()
                .number(log.micros(end)).empty().number(latencyNanos >= 0 ? latencyNanos : end - beganNanos)
                .numberOr(trace.status() > 0, trace.status()).text(error).number(attempts);
        trace.ids(row);
        row.text(trace.etag()).text(trace.checksum()).text(own).end();
    }
}
