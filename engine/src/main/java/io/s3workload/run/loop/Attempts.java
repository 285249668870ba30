package io.s3workload.run.loop;

import io.s3workload.ground.Durations;
import io.s3workload.s3.StoreException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One worker's way to run an operation: once, or again after a failure that may pass while retries are left,
 * each attempt within the watchdog's limit if there is one. Every operation ends as exactly one success or one
 * error (its last attempt's), so that successes and errors add up to the operations started.
 */
public final class Attempts {

    /** A worker refused again and again waits this long after its first refusal, doubling up to the cap. */
    private static final long REFUSED_BASE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long REFUSED_CAP_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static final long BACKOFF_BASE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long BACKOFF_CAP_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final int retries;
    /** Whether a refused (or unroutable) operation makes the worker wait before its next. */
    private final boolean backOff;
    private final Watchdog watchdog;
    private final Watchdog.Slot slot;
    private final BooleanSupplier cancelled;
    /** This worker's operations refused in a row, for the back-off. */
    private int refusedInARow;

    Attempts(int retries, boolean backOff, Watchdog watchdog, Watchdog.Slot slot, BooleanSupplier cancelled) {
        this.retries = retries;
        this.backOff = backOff;
        this.watchdog = watchdog;
        this.slot = slot;
        this.cancelled = cancelled;
    }

    /**
     * The operation, retried as the workload allows. One method with the attempt written out in it, not a loop
     * calling a method per attempt: C2 inlines the whole request path into whichever of them it compiles, and
     * with two it compiled that path twice (about 0.2 s of CPU each, in the first half-minute of a run).
     */
    void run(long index, WorkerState state, OpRecorder ops, Operation operation) {
        ops.begin();
        for (int attempt = 0; ; attempt++) {
            long attemptStart = System.nanoTime();
            if (watchdog != null) {
                watchdog.arm(slot);
            }
            StoreException failure = null;
            try {
                operation.run(index, state, ops);
            } catch (StoreException e) {
                failure = e;
            } catch (RuntimeException e) {
                failure = clientError(e);
            }
            if (watchdog != null && watchdog.disarm(slot) && failure != null) {
                failure = timedOut(failure);
            } else if (failure != null && Thread.currentThread().isInterrupted() && cancelled.getAsBoolean()) {
                failure = StoreException.stopped(failure.key());
            }
            if (failure == null) {
                refusedInARow = 0;
                return;
            }
            if (!retry(failure, attempt, state, ops)) {
                return;
            }
            ops.retried(System.nanoTime() - attemptStart);
        }
    }

    /** After a failed attempt: true to try again (after a pause), false when the failure is the outcome. */
    private boolean retry(StoreException failure, int attempt, WorkerState state, OpRecorder ops) {
        for (int hidden = 0; hidden < failure.hiddenRetries(); hidden++) {
            ops.retried(0); // the client library's own attempts: counted, their time already in the latency
        }
        if (attempt >= retries || !failure.retryable() || cancelled.getAsBoolean()) {
            ops.nameFailure(failure.errorClass());
            if (failure.key() == null) {
                ops.failure(failure.errorClass());
            } else {
                ops.failure(failure.errorClass(), failure.key(), failure.detail());
            }
            if (failure.kind() == StoreException.Kind.UNREACHABLE) {
                ops.unreachable();
                backOff(state);
            }
            return false;
        }
        long cap = Math.min(BACKOFF_CAP_NANOS, BACKOFF_BASE_NANOS << Math.min(attempt, 20));
        LockSupport.parkNanos(state.random().nextLong(cap / 2, cap + 1));
        return true;
    }

    /**
     * A fault of the tool's own: its message and where in the tool it was thrown (the first frame of ours), so
     * that the report a user files names the line.
     */
    public static StoreException clientError(RuntimeException e) {
        String where = "";
        for (StackTraceElement frame : e.getStackTrace()) {
            if (frame.getClassName().startsWith("io.s3workload.")) {
                String name = frame.getClassName();
                where = " (at " + name.substring(name.lastIndexOf('.') + 1) + "." + frame.getMethodName() + ":"
                        + frame.getLineNumber() + ")";
                break;
            }
        }
        String errorClass = "client error: " + e.getClass().getSimpleName();
        return new StoreException(StoreException.Kind.CLIENT, errorClass, errorClass + ": "
                + (e.getMessage() == null ? "no message" : e.getMessage()) + where, e);
    }

    private StoreException timedOut(StoreException failure) {
        return StoreException.timeout("timeout (total " + Durations.format(
                Duration.ofNanos(watchdog.limitNanos())) + ")", failure.key());
    }

    /**
     * After an operation the store refused: the worker waits (50 ms, doubling with each refusal in a row up to
     * 1 s, jittered between half and all of it) so that a store that went away is not hammered as fast as the
     * kernel refuses, and a recovering one is not flooded. Nothing when {@code backOff: false}.
     */
    private void backOff(WorkerState state) {
        if (!backOff || cancelled.getAsBoolean()) {
            return;
        }
        long cap = Math.min(REFUSED_CAP_NANOS, REFUSED_BASE_NANOS << Math.min(refusedInARow++, 20));
        LockSupport.parkNanos(state.random().nextLong(cap / 2, cap + 1));
    }
}
