package io.s3workload.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

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

    /**
     * The operation {@code worker} was handed last began {@code lateNanos} after it was due (told once it has ended,
     * its attempts all made); {@code capped} when it was already more than
     * {@link io.s3workload.metrics.CellStats#LATE_MILLIS} ms late as a worker took it: every worker was busy until
     * then, and the loop's concurrency, not its clock, made it late.
     */
    void issued(WorkerState worker, long lateNanos, boolean capped);

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
