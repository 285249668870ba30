package io.s3workload.run.clients;

import io.s3workload.s3.StoreException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The tool's own requests — the bucket check before the run, listing and deleting in cleanup — ride out transient
 * failures, whatever the workload's {@code retries} (which govern measured operations only): a failure that may
 * pass (5xx, throttling, a reset connection, a truncated body, a timeout) is tried again after a jittered
 * exponential back-off (100 ms doubling to 5 s, each wait drawn between half and all of it), for at most
 * {@link #BUDGET} per request and never past the caller's deadline. Cleanup also rides out a server that refuses
 * connections for a while (restarting); the bucket check does not, so a wrong address fails at once.
 */
public final class OwnRequests {

    /** The longest one request is retried. */
    public static final Duration BUDGET = Duration.ofSeconds(30);
    private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final boolean throughOutages;
    private final long deadlineNanos;
    private final BooleanSupplier stopped;
    /** Where each request is logged (null: nowhere), marked {@code own}, for {@code stage} (empty: the run). */
    private final OpsSink log;
    private final String own;
    private final String stage;

    private OwnRequests(boolean throughOutages, long deadlineNanos, BooleanSupplier stopped,
                        OpsSink log, String own, String stage) {
        this.throughOutages = throughOutages;
        this.deadlineNanos = deadlineNanos;
        this.stopped = stopped;
        this.log = log;
        this.own = own;
        this.stage = stage;
    }

    private OwnRequests(boolean throughOutages, long deadlineNanos, BooleanSupplier stopped) {
        this(throughOutages, deadlineNanos, stopped, null, null, null);
    }

    /**
     * These requests, each also a row of the ops log {@code log} (when there is one) marked {@code own}
     * ({@code preflight}, {@code cleanup}, {@code preparation}), made for {@code stage} (empty: for the run).
     */
    public OwnRequests logged(Optional<OpsSink> log, String own, String stage) {
        return new OwnRequests(throughOutages, deadlineNanos, stopped, log.orElse(null), own, stage);
    }

    /**
     * For the bucket check: transient answers are retried, an unreachable endpoint is not; no more retries once
     * {@code stopped} (Ctrl-C).
     */
    public static OwnRequests preflight(BooleanSupplier stopped) {
        return new OwnRequests(false, System.nanoTime() + Long.MAX_VALUE / 2, stopped);
    }

    /** For cleanup: everything that may pass is retried, until {@code deadlineNanos} ({@link System#nanoTime}). */
    public static OwnRequests until(long deadlineNanos) {
        return new OwnRequests(true, deadlineNanos, () -> false);
    }

    /** Whether the deadline has passed (or the thread was interrupted): time to give up and say what is left. */
    public boolean expired() {
        return System.nanoTime() - deadlineNanos >= 0 || Thread.currentThread().isInterrupted()
                || stopped.getAsBoolean();
    }

    /** Whether a wait of {@code nanos} from now ends before the deadline. */
    public boolean outlasts(long nanos) {
        return deadlineNanos - System.nanoTime() - nanos > 0 && !expired();
    }

    /**
     * Runs {@code request} (the S3 action {@code op}: {@code ListObjectsV2}) until it succeeds or fails for good;
     * throws its last failure. Logged as one row with its attempts, named by its last request.
     */
    public <T> T call(String op, Supplier<T> request) {
        long began = System.nanoTime();
        long giveUp = Math.min(deadlineNanos - System.nanoTime(), BUDGET.toNanos()) + System.nanoTime();
        long backoff = FIRST_BACKOFF_NANOS;
        for (int attempts = 1; ; attempts++) {
            try {
                T answer = request.get();
                if (log != null) {
                    log.own(stage, op, own, began, null, attempts);
                }
                return answer;
            } catch (StoreException e) {
                long wait = ThreadLocalRandom.current().nextLong(backoff / 2, backoff + 1);
                if (!mayPass(e) || System.nanoTime() + wait - giveUp >= 0 || expired()) {
                    if (log != null) {
                        log.own(stage, op, own, began, e.errorClass(), attempts);
                    }
                    throw e;
                }
                LockSupport.parkNanos(wait);
                backoff = Math.min(MAX_BACKOFF_NANOS, backoff * 2);
            }
        }
    }

    public void run(String op, Runnable request) {
        call(op, () -> {
            request.run();
            return null;
        });
    }

    private boolean mayPass(StoreException e) {
        return e.retryable() && (throughOutages || e.kind() != StoreException.Kind.UNREACHABLE);
    }
}
