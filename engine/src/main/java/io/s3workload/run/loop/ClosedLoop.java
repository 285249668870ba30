package io.s3workload.run.loop;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.plan.CellPlan;
import io.s3workload.result.Progress;
import io.s3workload.run.clients.Clients;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.s3.ObjectStore;
import io.s3workload.workload.LoadShape;
import io.s3workload.workload.endpoints.ClientSettings;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * Runs an operation on worker threads (platform or virtual: {@link #workerThreads}) until the operation limit, the deadline or cancellation, paced by
 * the stage's {@link LoadShape}:
 * <ul>
 *   <li>closed loop: each active worker starts its next operation as soon as the last one ends (after its think
 *   time); a ramp changes how many workers are active. Operation numbers come from one atomic counter, so a
 *   count-bound loop runs exactly {@code operationLimit} operations;</li>
 *   <li>open loop: operation {@code i} is due at the time the rate curve says, and worker {@code i mod workers}
 *   runs it then (at once if it is already late, wrk2's model). Latency counts from the due time.</li>
 * </ul>
 */
public final class ClosedLoop {

    public static final long UNBOUNDED = CellPlan.UNBOUNDED;
    /** The ops log's {@code own} of a measured operation: empty. */
    static final String MEASURED = "";
    /** ... of an unmeasured one that prepares a stage (seeding, sources, a check after it). */
    static final String PREPARATION = OpsSink.PREPARATION;
    /** ... of a warm-up's. */
    public static final String WARM_UP = OpsSink.WARM_UP;
    /** The most workers an unmeasured preparation loop (seeding, sources) runs. */
    static final int PREPARATION_WORKERS = 128;
    /** The most workers a loop runs on platform threads (see {@link #workerThreads}). */
    static final int MAX_PLATFORM_WORKERS = 512;
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
     * @param recovery    retries and the whole-operation time limit
     */
    public record Spec(String name, int workers, long operationLimit, long deadlineNanos, Clients.Lease clients, long seed,
                LoadShape load, double initial, int bufferBytes, Recovery recovery, String own) {

        public Spec(String name, int workers, long operationLimit, long deadlineNanos, Clients.Lease clients, long seed,
             LoadShape load, double initial, int bufferBytes) {
            this(name, workers, operationLimit, deadlineNanos, clients, seed, load, initial, bufferBytes,
                    Recovery.NONE, MEASURED);
        }

        public Spec(String name, int workers, long operationLimit, long deadlineNanos, Clients.Lease clients, long seed,
             LoadShape load, double initial, int bufferBytes, Recovery recovery) {
            this(name, workers, operationLimit, deadlineNanos, clients, seed, load, initial, bufferBytes, recovery,
                    MEASURED);
        }

        /** This loop's operations marked in the ops log as the tool's own ({@code warm-up}), not measured ones. */
        public Spec own(String purpose) {
            return new Spec(name, workers, operationLimit, deadlineNanos, clients, seed, load, initial, bufferBytes,
                    recovery, purpose);
        }

        /**
         * A closed loop of up to {@code workers} (at most {@link #PREPARATION_WORKERS}), no pacing, no deadline, no
         * reads: seeding and preparation, which are not measured and gain nothing from ten thousand workers. Its
         * operations ride out transient failures ({@link Recovery#PREPARATION}), whatever the stage's retries.
         */
        public static Spec unpaced(String name, int workers, long operationLimit, Clients.Lease clients, long seed) {
            int n = Math.max(1, Math.min(workers, PREPARATION_WORKERS));
            return new Spec(name, n, operationLimit, Long.MAX_VALUE, clients, seed, LoadShape.CLOSED, n,
                    WorkerState.bufferFor(0), Recovery.PREPARATION, PREPARATION);
        }
    }

    /**
     * What a loop does about failures: {@code retries} more attempts for failures that may pass (with jittered
     * exponential back-off), and a limit on each operation's whole time (0: none).
     */
    public record Recovery(int retries, long totalNanos, boolean backOff) {

        static final Recovery NONE = new Recovery(0, 0, true);
        /** Unmeasured preparation (seeding, sources): 6 more attempts, about 4 s of back-off in all. */
        static final Recovery PREPARATION = new Recovery(6, 0, true);

        public static Recovery of(ClientSettings client) {
            return new Recovery(client.retries(), client.timeouts().totalNanos(),
                    client.backOff());
        }
    }

    /** Runs the loop; returns how many operations were started. */
    public static long run(Spec spec, BooleanSupplier cancelled, CellRecorder recorder, Operation operation) {
        return run(spec, cancelled, recorder, null, operation);
    }

    /**
     * As {@link #run(Spec, BooleanSupplier, CellRecorder, Operation)}, each worker's operations also recorded into
     * {@code byEndpoint} of the endpoint its client talks to (null: not).
     */
    public static long run(Spec spec, BooleanSupplier cancelled, CellRecorder recorder,
                    Function<String, CellRecorder> byEndpoint, Operation operation) {
        return run(spec, cancelled, recorder, byEndpoint, null, operation);
    }

    /**
     * As {@link #run(Spec, BooleanSupplier, CellRecorder, java.util.function.Function, Operation)}, each operation
     * also recorded into {@code byBucket} of the key it wrote or read last (null: not; the run's keys are spread
     * over several buckets).
     */
    public static long run(Spec spec, BooleanSupplier cancelled, CellRecorder recorder,
                    Function<String, CellRecorder> byEndpoint,
                    Function<String, CellRecorder> byBucket, Operation operation) {
        return run(spec, cancelled, recorder, byEndpoint, byBucket, operation, null);
    }

    /** As above, the operations due when {@code schedule} says (see {@link Schedule}; null: as the load says). */
    public static long run(Spec spec, BooleanSupplier cancelled, CellRecorder recorder,
                    Function<String, CellRecorder> byEndpoint,
                    Function<String, CellRecorder> byBucket, Operation operation,
                    Schedule schedule) {
        AtomicLong next = new AtomicLong();
        AtomicLong started = new AtomicLong();
        long start = System.nanoTime();
        LoadCurve curve = new LoadCurve(spec.initial(), spec.load().ramp());
        Watchdog watchdog = spec.recovery().totalNanos() > 0 ? new Watchdog(spec.recovery().totalNanos()) : null;
        // a schedule's clock starts once every worker holds its client: the first operations due are not late
        // because workers were still starting
        CountDownLatch ready = new CountDownLatch(spec.workers());
        AtomicLong clock = new AtomicLong();
        try (watchdog; ExecutorService threads =
                     Executors.newThreadPerTaskExecutor(spec.clients().threads(workerThreads(spec)
                             .name(spec.name() + "-", 0)))) {
            for (int w = 0; w < spec.workers(); w++) {
                int worker = w;
                long workerSeed = spec.seed() * 31 + w;
                threads.execute(() -> {
                    ObjectStore store = spec.clients().acquire(worker);
                    try {
                        WorkerState state = new WorkerState(store, workerSeed, worker, spec.bufferBytes());
                        OpRecorder ops = new OpRecorder(recorder, byEndpoint == null ? null
                                : byEndpoint.apply(spec.clients().endpointOf(worker)), byBucket,
                                spec.load().openLoop() || schedule != null);
                        ops.logInto(spec.clients().opsLog(), worker, spec.own());
                        Attempts attempts = new Attempts(spec.recovery().retries(), spec.recovery().backOff(),
                                watchdog, watchdog == null ? null : watchdog.register(), cancelled);
                        if (schedule != null) {
                            scheduled(spec, Schedule.clockOnceReady(ready, clock), schedule, cancelled, state, ops, started,
                                    operation, attempts);
                        } else if (spec.load().openLoop()) {
                            openLoop(spec, worker, start, curve, cancelled, state, ops, started, operation, attempts);
                        } else {
                            closedLoop(spec, worker, start, curve, next, cancelled, state, ops, started, operation,
                                    attempts);
                        }
                    } finally {
                        Thread.interrupted(); // the run's stop may have interrupted the last operation
                        spec.clients().release(store);
                    }
                });
            }
        }
        return started.get();
    }

    /**
     * The load {@code spec} applies so many nanoseconds in: for a closed loop the workers its ramp has made active
     * (all of them without a ramp), for an open loop all workers and the rate its curve asks for then.
     */
    public static LongFunction<Progress.Load> loadAt(Spec spec) {
        LoadCurve curve = new LoadCurve(spec.initial(), spec.load().ramp());
        if (spec.load().openLoop()) {
            return elapsed -> new Progress.Load(spec.workers(), curve.at(elapsed));
        }
        if (spec.load().ramp().isEmpty()) {
            Progress.Load all = new Progress.Load(spec.workers(), Double.NaN);
            return elapsed -> all;
        }
        return elapsed -> new Progress.Load((int) Math.min(spec.workers(), Math.floor(curve.at(elapsed))), Double.NaN);
    }

    /**
     * Platform threads for up to {@link #MAX_PLATFORM_WORKERS} workers of a client whose blocking I/O an interrupt
     * ends (the lean client): a blocked read then waits in the kernel, which costs less CPU per request than a
     * virtual thread's park and wake-up through the scheduler (docs/performance.md). Virtual threads otherwise, and
     * for the thousands of workers only they make possible.
     */
    private static Thread.Builder workerThreads(Spec spec) {
        return spec.workers() <= MAX_PLATFORM_WORKERS && spec.clients().interruptibleOnPlatformThreads()
                ? Thread.ofPlatform() : Thread.ofVirtual();
    }

    private static void closedLoop(Spec spec, int worker, long start, LoadCurve curve, AtomicLong next,
                                   BooleanSupplier cancelled, WorkerState state, OpRecorder ops, AtomicLong started,
                                   Operation operation, Attempts attempts) {
        boolean ramped = !spec.load().ramp().isEmpty();
        Optional<LoadShape.ThinkTime> thinking = spec.load().thinkTime();
        while (!cancelled.getAsBoolean() && System.nanoTime() - spec.deadlineNanos() < 0) {
            if (ramped && !awaitActive(spec, worker, start, curve, cancelled)) {
                return;
            }
            long index = next.getAndIncrement();
            if (index >= spec.operationLimit()) {
                return;
            }
            started.incrementAndGet();
            attempts.run(index, state, ops, operation);
            if (thinking.isPresent()) {
                LoadShape.ThinkTime think = thinking.get();
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
                                 WorkerState state, OpRecorder ops, AtomicLong started, Operation operation,
                                 Attempts attempts) {
        for (long index = worker; index < spec.operationLimit() && !cancelled.getAsBoolean();
             index += spec.workers()) {
            long due = rate.timeOfCount(index);
            if (due == Long.MAX_VALUE || start + due - spec.deadlineNanos() >= 0) {
                return;
            }
            // already late as this worker comes to it: its last operation ended after this one was due
            boolean workerBusy = index != worker && System.nanoTime() - (start + due) > OpRecorder.LATE_NANOS;
            if (!napUntil(start + due, spec, cancelled)) {
                return;
            }
            ops.due(start + due, workerBusy);
            started.incrementAndGet();
            attempts.run(index, state, ops, operation);
        }
    }

    private static void scheduled(Spec spec, long start, Schedule schedule, BooleanSupplier cancelled,
                                  WorkerState state, OpRecorder ops, AtomicLong started, Operation operation,
                                  Attempts attempts) {
        while (!cancelled.getAsBoolean()) {
            long due = schedule.next(state);
            if (due == Long.MAX_VALUE || start + due - spec.deadlineNanos() >= 0) {
                schedule.dropped(state);
                return;
            }
            // already late when a free worker took it: every worker was busy until then
            boolean allBusy = System.nanoTime() - (start + due) > OpRecorder.LATE_NANOS;
            if (!napUntil(start + due, spec, cancelled)) {
                schedule.dropped(state);
                return;
            }
            long turn = schedule.awaitTurn(state, () -> cancelled.getAsBoolean()
                    || System.nanoTime() - spec.deadlineNanos() >= 0);
            if (turn == Schedule.GAVE_UP) {
                schedule.dropped(state);
                return;
            }
            // an operation that waited for its turn was meant to start once it came
            long intended = turn == Schedule.NO_WAIT || turn - (start + due) <= 0 ? start + due : turn;
            ops.due(intended, allBusy);
            try {
                attempts.run(started.getAndIncrement(), state, ops, operation);
            } finally {
                schedule.issued(state, intended - start, ops.delayNanos(), allBusy);
            }
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
            LockSupport.parkNanos(Math.min(wait, MAX_NAP_NANOS));
        }
    }
}
