package io.s3workload.run.loop;

import io.s3workload.metrics.CellCount;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.NamedRequest;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.run.clients.WorkerOpsRows;
import io.s3workload.s3.RequestTrace;
import io.s3workload.s3.data.ReadTiming;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A worker's way to record its operations into the cell's {@link CellRecorder}. In an open loop the loop sets
 * the current operation's start delay (how late it started against its intended time) and the recorded latency
 * and time to first byte count from the intended start — the coordinated-omission correction — while the
 * latency from the actual start is kept apart. One per worker, reused for every operation.
 */
public final class OpRecorder {

    /** The error class of a read whose bytes were not those written. */
    public static final String DATA_MISMATCH = "data mismatch";

    private final CellRecorder cell;
    /** The cell of the endpoint this worker talks to, when the stage spreads over several; else null. */
    private final CellRecorder endpoint;
    private final boolean openLoop;
    private long delayNanos;
    /** When the current operation was due (open loop), from {@link #due}. */
    private long intendedNanos;
    /** Whether the current operation was already late when its worker was free to start it, from {@link #due}. */
    private boolean workerBusy;
    /** The current operation started late, its worker busy until then. */
    private boolean capped;
    private long retriedNanos;
    private boolean late;
    private CellRecorder detail;
    /** When the current operation began ({@link #begin}). */
    private long beganNanos;
    /** The cell of the bucket a key lives in, when the run spreads keys over several; else null. */
    private final Function<String, CellRecorder> byBucket;
    /** The current operation's bucket cell, once {@link #bucket} found it (by its last request's key). */
    private CellRecorder bucket;
    private boolean bucketFound;

    public OpRecorder(CellRecorder cell, boolean openLoop) {
        this(cell, null, null, openLoop);
    }

    public OpRecorder(CellRecorder cell, CellRecorder endpoint,
               Function<String, CellRecorder> byBucket, boolean openLoop) {
        this.cell = cell;
        this.endpoint = endpoint;
        this.byBucket = byBucket;
        this.openLoop = openLoop;
    }

    /** Records a finished read: a success, or a data error naming the key and the first wrong byte. */
    public void read(String key, long latencyNanos, long startNanos, ReadTiming t) {
        if (t.mismatchAt() >= 0) {
            failure(DATA_MISMATCH, key + " at byte " + t.mismatchAt());
        } else {
            success(latencyNanos, t.firstByteNanos() - startNanos, t.bytes());
        }
    }

    /**
     * The cell of the bucket the current operation's key lives in (its last request's, from the thread's trace),
     * found once an operation; null when the run has one bucket or the operation named no key (a listing).
     */
    private CellRecorder bucket() {
        if (!bucketFound && byBucket != null) {
            bucketFound = true;
            String key = trace().key();
            bucket = key == null ? null : byBucket.apply(key);
            if (bucket != null && late) {
                late(bucket);
            }
        }
        return bucket;
    }

    /** This worker's rows of the ops log; null: no log. */
    private WorkerOpsRows rows;
    /** The current operation's attempts so far, less one. */
    private int retries;

    /** Where this worker's operations are logged (null: nowhere), its number and what it does ({@code own}). */
    void logInto(OpsSink sink, int worker, String own) {
        this.rows = sink == null ? null : new WorkerOpsRows(sink, worker, own);
    }

    /**
     * Writes the current operation's row into the ops log, if there is one ({@link WorkerOpsRows#write}): ended now,
     * of {@code bytes}, with its time to first byte ({@code -1}: none) and, for a failure, its error class.
     */
    private void logRow(long bytes, long latencyNanos, long ttfbNanos, String errorClass) {
        if (rows != null) {
            rows.write((detail != null ? detail : cell).key(), bucket() == null ? null : bucket.key().endpoint(),
                    trace(), bytes, beganNanos, openLoop ? beganNanos - delayNanos : WorkerOpsRows.NOT_DUE,
                    latencyNanos, ttfbNanos, errorClass, retries + 1L);
        }
    }

    /**
     * The calling thread's {@link RequestTrace}, looked up once for as long as the same thread calls (a worker is one
     * thread for its life): a thread-local lookup is a hash probe, a virtual thread's among the slower.
     */
    private RequestTrace trace() {
        Thread thread = Thread.currentThread();
        if (thread != traceOf) {
            traceOf = thread;
            trace = RequestTrace.current();
        }
        return trace;
    }

    private Thread traceOf;
    private RequestTrace trace;

    /**
     * When the next operation is due ({@link System#nanoTime}; open loop): its lateness is measured as it begins.
     * {@code workerBusy}: it was already late when this worker became free to start it, its previous operation
     * still running (then, if it starts late, it counts as capped: the concurrency made it late, not the clock).
     */
    void due(long intendedNanos, boolean workerBusy) {
        this.intendedNanos = intendedNanos;
        this.workerBusy = workerBusy;
    }

    /** How late the current operation began against its due time (0 outside an open loop). */
    long delayNanos() {
        return delayNanos;
    }

    /**
     * A new operation begins: nothing retried yet. In an open loop, how late it began is measured now, so that the
     * corrected latency and the ops log's {@code intended_us} count from the due time itself, also over the loop's
     * own steps between waking and beginning (a contended schedule, a busy machine).
     */
    void begin() {
        retriedNanos = 0;
        retries = 0;
        detail = null;
        bucket = null;
        bucketFound = false;
        beganNanos = System.nanoTime();
        if (openLoop) {
            delayNanos = Math.max(0, beganNanos - intendedNanos);
            late = delayNanos > LATE_NANOS;
            capped = late && workerBusy;
            if (late) {
                late(cell);
                if (endpoint != null) {
                    late(endpoint);
                }
            }
        }
        trace().beginOperation(); // nothing of the last operation's is named as this one's
    }

    private void late(CellRecorder into) {
        into.count(CellCount.LATE_STARTS);
        if (capped) {
            into.count(CellCount.CAPPED_STARTS);
        }
    }

    /** An operation that began more than this after it was due started late. */
    static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(
            CellStats.LATE_MILLIS);

    /**
     * The current operation's attempt failed after {@code nanos} (with the back-off) and is tried again: counted,
     * and its time added to the operation's latency, which runs from the first attempt.
     */
    void retried(long nanos) {
        retriedNanos += nanos;
        retries++;
        cell.count(CellCount.RETRIES);
        if (endpoint != null) {
            endpoint.count(CellCount.RETRIES);
        }
        if (detail != null) {
            detail.count(CellCount.RETRIES);
        }
        if (bucket() != null) {
            bucket.count(CellCount.RETRIES);
        }
    }

    /**
     * Also record the current operation into {@code recorder} (a mix stage's per-operation cell, while the loop's
     * cell keeps the totals); the loop clears it before each operation.
     */
    public void alsoInto(CellRecorder recorder) {
        this.detail = recorder;
        if (recorder != null && late) {
            late(recorder);
        }
    }

    public void success(long latencyNanos, long bodyBytes) {
        logRow(bodyBytes, latencyNanos + retriedNanos, -1, null);
        name(latencyNanos + retriedNanos, -1);
        split();
        success(cell, latencyNanos, bodyBytes);
        if (endpoint != null) {
            success(endpoint, latencyNanos, bodyBytes);
        }
        if (detail != null) {
            success(detail, latencyNanos, bodyBytes);
        }
        if (bucket() != null) {
            success(bucket, latencyNanos, bodyBytes);
        }
    }

    private void success(CellRecorder into, long latencyNanos, long bodyBytes) {
        if (openLoop) {
            into.uncorrected(latencyNanos + retriedNanos);
        }
        into.success(latencyNanos + retriedNanos + delayNanos, bodyBytes);
    }

    public void success(long latencyNanos, long ttfbNanos, long bodyBytes) {
        logRow(bodyBytes, latencyNanos + retriedNanos, ttfbNanos + retriedNanos, null);
        name(latencyNanos + retriedNanos, ttfbNanos + retriedNanos);
        success(cell, latencyNanos, ttfbNanos, bodyBytes);
        if (endpoint != null) {
            success(endpoint, latencyNanos, ttfbNanos, bodyBytes);
        }
        if (detail != null) {
            success(detail, latencyNanos, ttfbNanos, bodyBytes);
        }
        if (bucket() != null) {
            success(bucket, latencyNanos, ttfbNanos, bodyBytes);
        }
    }

    private void success(CellRecorder into, long latencyNanos, long ttfbNanos, long bodyBytes) {
        if (openLoop) {
            into.uncorrected(latencyNanos + retriedNanos);
        }
        into.success(latencyNanos + retriedNanos + delayNanos, ttfbNanos + retriedNanos + delayNanos, bodyBytes);
    }

    public void items(long count) {
        cell.items(count);
        if (endpoint != null) {
            endpoint.items(count);
        }
        if (detail != null) {
            detail.items(count);
        }
        if (bucket() != null) {
            bucket.items(count);
        }
    }

    public void failure(String errorClass) {
        logRow(0, -1, -1, errorClass);
        cell.failure(errorClass);
        if (endpoint != null) {
            endpoint.failure(errorClass);
        }
        if (detail != null) {
            detail.failure(errorClass);
        }
        if (bucket() != null) {
            bucket.failure(errorClass);
        }
    }

    public void failure(String errorClass, String example) {
        failure(errorClass, example, null);
    }

    /**
     * Names the operation that just succeeded, taking {@code ownNanos} from its first attempt, where it is among the
     * slowest of a cell it is recorded into: with its last request's key, status and the server's ids from the
     * thread's {@link RequestTrace}. Costs a volatile read per cell otherwise.
     */
    private void name(long ownNanos, long ttfbNanos) {
        reached(cell, ownNanos);
        reached(endpoint, ownNanos);
        reached(detail, ownNanos);
        reached(bucket(), ownNanos);
        if (cell.slowEnough(ownNanos) || endpoint != null && endpoint.slowEnough(ownNanos)
                || detail != null && detail.slowEnough(ownNanos) || bucket != null && bucket.slowEnough(ownNanos)) {
            NamedRequest named = named(ownNanos, ttfbNanos, null);
            keepSlow(cell, named);
            keepSlow(endpoint, named);
            keepSlow(detail, named);
            keepSlow(bucket, named);
        }
    }

    /**
     * Where an upload's time went: its parts' (send, commit) as their threads found them, or the single request's
     * from this thread's trace, into every cell the operation is recorded in. Nothing for operations that sent no
     * body, or a client that does not say when the body went (the CRT).
     */
    private void split() {
        RequestTrace trace = trace();
        if (trace.hasSplits()) {
            trace.splits((send, commit) -> split(send, commit));
        } else if (trace.commitNanos() >= 0 && trace.sendNanos() >= 0) {
            split(trace.sendNanos(), trace.commitNanos());
        }
    }

    private void split(long sendNanos, long commitNanos) {
        cell.writeSplit(sendNanos, commitNanos);
        if (endpoint != null) {
            endpoint.writeSplit(sendNanos, commitNanos);
        }
        if (detail != null) {
            detail.writeSplit(sendNanos, commitNanos);
        }
        if (bucket() != null) {
            bucket.writeSplit(sendNanos, commitNanos);
        }
    }

    /** A success ends an outage open in {@code into} if it began in it (one volatile read when none is open). */
    private static void reached(CellRecorder into, long ownNanos) {
        if (into != null && into.down()) {
            into.reached(System.nanoTime() - ownNanos);
        }
    }

    /** The current operation failed for good because the store could not be reached: an outage begins or goes on. */
    void unreachable() {
        cell.unreachable(beganNanos);
        if (endpoint != null) {
            endpoint.unreachable(beganNanos);
        }
        if (detail != null) {
            detail.unreachable(beganNanos);
        }
        if (bucket() != null) {
            bucket.unreachable(beganNanos);
        }
    }

    private static void keepSlow(CellRecorder into, NamedRequest named) {
        if (into != null && into.slowEnough(named.latencyNanos())) {
            into.keepSlow(named);
        }
    }

    private static void keepFailure(CellRecorder into, NamedRequest named) {
        if (into != null && into.wantsFailure(named.errorClass())) {
            into.keepFailure(named);
        }
    }

    private NamedRequest named(long ownNanos, long ttfbNanos, String errorClass) {
        RequestTrace trace = trace();
        return new NamedRequest(System.currentTimeMillis() - ownNanos / 1_000_000, ownNanos, ttfbNanos,
                errorClass == null ? trace.commitNanos() : -1, trace.endpoint(), trace.key(), trace.status(),
                errorClass, trace.requestId(), trace.id2());
    }

    /**
     * The current operation failed for good, of {@code errorClass}: where it is among the first of its class in
     * a cell, named with its last request's status and the server's ids.
     */
    void nameFailure(String errorClass) {
        if (cell.wantsFailure(errorClass) || endpoint != null && endpoint.wantsFailure(errorClass)
                || detail != null && detail.wantsFailure(errorClass)
                || bucket() != null && bucket.wantsFailure(errorClass)) {
            NamedRequest named = named(System.nanoTime() - beganNanos, -1, errorClass);
            keepFailure(cell, named);
            keepFailure(endpoint, named);
            keepFailure(detail, named);
            keepFailure(bucket, named);
        }
    }

    /** A failure, with the server's message ({@code null}: none), the first of each class kept for the report. */
    public void failure(String errorClass, String example, String message) {
        logRow(0, -1, -1, errorClass);
        cell.failure(errorClass, example, message);
        if (endpoint != null) {
            endpoint.failure(errorClass, example, message);
        }
        if (detail != null) {
            detail.failure(errorClass, example, message);
        }
        if (bucket() != null) {
            bucket.failure(errorClass, example, message);
        }
    }
}
