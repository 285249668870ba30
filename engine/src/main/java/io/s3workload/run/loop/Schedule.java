package io.s3workload.run.loop;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The operations of a recorded trace (a replay), each due at its own time: a loop's free workers take them in order
 * and start each at its time, its latency counted from then as an open loop's ({@link ClosedLoop}).
 */
public interface Schedule {

    /** How long after the last worker is ready the schedule's clock starts. */
    long LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /**
     * The next operation, handed to {@code worker} (for its {@link Operation} to find in its state): when it is
     * due, in nanoseconds from the schedule's start, or {@link Long#MAX_VALUE} when there is none left. Called by
     * one worker at a time, in the order the operations are taken.
     */
    long next(WorkerState worker);

    /** What {@link #awaitTurn} gives when the operation need not wait. */
    long NO_WAIT = Long.MIN_VALUE;
    /** ... when the loop stopped while it waited: the operation is not started. */
    long GAVE_UP = Long.MAX_VALUE;

    /**
     * Once the operation handed to {@code worker} is due: waits while an operation it must follow has not ended (a
     * replay keeps each key's recorded order). Gives the instant ({@link System#nanoTime}) it may start, which is
     * then its intended start, or {@link #NO_WAIT}, or {@link #GAVE_UP} once {@code stop} says so.
     */
    default long awaitTurn(WorkerState worker, BooleanSupplier stop) {
        return NO_WAIT;
    }

    /**
     * The operation {@code worker} was handed last, intended {@code intendedNanos} after the schedule's start (its
     * due time, or later when it waited for its turn), began {@code lateNanos} after that (told once it has ended, its
     * attempts all made, or given up); {@code capped} when it was already more than
     * {@link io.s3workload.metrics.CellStats#LATE_MILLIS} ms late as a worker took it: every worker was busy until
     * then, and the loop's concurrency, not its clock, made it late.
     */
    void issued(WorkerState worker, long intendedNanos, long lateNanos, boolean capped);

    /** The operation {@code worker} was handed will not be started (the loop stopped): what waits for it may go. */
    default void dropped(WorkerState worker) {
    }

    /**
     * The schedule's start, the same for every worker: {@link #LEAD_NANOS} after the last worker is ready (or 5 s
     * on, if one never is), so that the workers, all let go at once, have taken their first operations one by one
     * before any falls due.
     */
    static long clockOnceReady(CountDownLatch ready, AtomicLong clock) {
        ready.countDown();
        try {
            ready.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long start = System.nanoTime() + LEAD_NANOS;
        return clock.compareAndSet(0, start) ? start : clock.get();
    }
}
