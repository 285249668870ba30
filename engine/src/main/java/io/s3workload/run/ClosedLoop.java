package io.s3workload.run;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.workload.LoadShape;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Runs an operation on virtual-thread workers until the operation limit, the deadline or cancellation, paced by
 * the stage's {@link LoadShape}:
 * <ul>
 *   <li>closed loop: each active worker starts its next operation as soon as the last one ends (after its think
 *   time); a ramp changes how many workers are active. Operation numbers come from one atomic counter, so a
 *   count-bound loop runs exactly {@code operationLimit} operations;</li>
 *   <li>open loop: operation {@code i} is due at the time the rate curve says, and worker {@code i mod workers}
 *   runs it then (at once if it is already late, wrk2's model). Latency counts from the due time.</li>
 * </ul>
 */
final class ClosedLoop {

    static final long UNBOUNDED = Long.MAX_VALUE;
    /** The most workers an unmeasured preparation loop (seeding, sources) runs. */
    static final int PREPARATION_WORKERS = 128;
    private static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(io.s3workload.metrics.CellStats.LATE_MILLIS);
    private static final long MAX_NAP_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private ClosedLoop() {
    }

    /**
     * What a loop runs: how many workers (the most a ramp reaches), until when, how paced, with which clients,
     * and the seed of their randomness.
     *
     * @param workers the number of worker threads; a closed-loop ramp activates them up to its curve
     * @param initial the closed loop's starting worker count, or the open loop's starting rate per second
     * @param bufferBytes each worker's read buffer size
     */
    record Spec(String name, int workers, long operationLimit, long deadlineNanos, Clients.Lease clients, long seed,
                LoadShape load, double initial, int bufferBytes) {

        /**
         * A closed loop of up to {@code workers} (at most {@link #PREPARATION_WORKERS}), no pacing, no deadline, no
         * reads: seeding and preparation, which are not measured and gain nothing from ten thousand workers.
         */
        static Spec unpaced(String name, int workers, long operationLimit, Clients.Lease clients, long seed) {
            int n = Math.max(1, Math.min(workers, PREPARATION_WORKERS));
            return new Spec(name, n, operationLimit, Long.MAX_VALUE, clients, seed, LoadShape.CLOSED, n,
                    WorkerState.bufferFor(0));
        }
    }

    /** Runs the loop; returns how many operations were started. */
    static long run(Spec spec, BooleanSupplier cancelled, CellRecorder recorder, Operation operation) {
        AtomicLong next = new AtomicLong();
        AtomicLong started = new AtomicLong();
        long start = System.nanoTime();
        LoadCurve curve = new LoadCurve(spec.initial(), spec.load().ramp());
        try (ExecutorService threads =
                     Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(spec.name() + "-", 0).factory())) {
            for (int w = 0; w < spec.workers(); w++) {
                int worker = w;
                long workerSeed = spec.seed() * 31 + w;
                threads.execute(() -> {
                    ObjectStore store = spec.clients().acquire();
                    try {
                        WorkerState state = new WorkerState(store, workerSeed, worker, spec.bufferBytes());
                        OpRecorder ops = new OpRecorder(recorder, spec.load().openLoop());
                        if (spec.load().openLoop()) {
                            openLoop(spec, worker, start, curve, cancelled, state, ops, started, operation);
                        } else {
                            closedLoop(spec, worker, start, curve, next, cancelled, state, ops, started, operation);
                        }
                    } finally {
                        spec.clients().release(store);
                    }
                });
            }
        }
        return started.get();
    }

    private static void closedLoop(Spec spec, int worker, long start, LoadCurve curve, AtomicLong next,
                                   BooleanSupplier cancelled, WorkerState state, OpRecorder ops, AtomicLong started,
                                   Operation operation) {
        boolean ramped = !spec.load().ramp().isEmpty();
        LoadShape.ThinkTime think = spec.load().thinkTime().orElse(null);
        while (!cancelled.getAsBoolean() && System.nanoTime() - spec.deadlineNanos() < 0) {
            if (ramped && !awaitActive(spec, worker, start, curve, cancelled)) {
                return;
            }
            long index = next.getAndIncrement();
            if (index >= spec.operationLimit()) {
                return;
            }
            started.incrementAndGet();
            runOne(index, state, ops, operation);
            if (think != null) {
                long pause = think.min().toNanos() + (think.max().equals(think.min()) ? 0
                        : state.random().nextLong(think.max().toNanos() - think.min().toNanos() + 1));
                napUntil(System.nanoTime() + pause, spec, cancelled);
            }
        }
    }

    /** Waits while the ramp has fewer than {@code worker + 1} workers; false when it never will (in time). */
    private static boolean awaitActive(Spec spec, int worker, long start, LoadCurve curve, BooleanSupplier cancelled) {
        while (true) {
            long elapsed = System.nanoTime() - start;
            long active = curve.firstAtLeast(worker + 1, elapsed);
            if (active == elapsed) {
                return true;
            }
            if (active == Long.MAX_VALUE || start + active - spec.deadlineNanos() >= 0) {
                return false;
            }
            if (!napUntil(start + active, spec, cancelled)) {
                return false;
            }
        }
    }

    private static void openLoop(Spec spec, int worker, long start, LoadCurve rate, BooleanSupplier cancelled,
                                 WorkerState state, OpRecorder ops, AtomicLong started, Operation operation) {
        for (long index = worker; index < spec.operationLimit() && !cancelled.getAsBoolean();
             index += spec.workers()) {
            long due = rate.timeOfCount(index);
            if (due == Long.MAX_VALUE || start + due - spec.deadlineNanos() >= 0) {
                return;
            }
            if (!napUntil(start + due, spec, cancelled)) {
                return;
            }
            long delay = Math.max(0, System.nanoTime() - (start + due));
            ops.delay(delay, delay > LATE_NANOS);
            started.incrementAndGet();
            runOne(index, state, ops, operation);
        }
    }

    private static void runOne(long index, WorkerState state, OpRecorder ops, Operation operation) {
        ops.alsoInto(null);
        try {
            operation.run(index, state, ops);
        } catch (StoreException e) {
            ops.failure(e.errorClass());
        } catch (RuntimeException e) {
            ops.failure("client error: " + e.getClass().getSimpleName());
        }
    }

    /** Sleeps until {@code wakeNanos} in short naps; false if cancelled or the deadline passed meanwhile. */
    private static boolean napUntil(long wakeNanos, Spec spec, BooleanSupplier cancelled) {
        while (true) {
            long now = System.nanoTime();
            if (cancelled.getAsBoolean() || now - spec.deadlineNanos() >= 0) {
                return false;
            }
            long wait = wakeNanos - now;
            if (wait <= 0) {
                return true;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(Math.min(wait, MAX_NAP_NANOS));
        }
    }
}
