package io.s3workload.run;

import io.s3workload.ground.Durations;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.cost.ProcessCost;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.keys.KeyPicker;
import io.s3workload.run.loop.ClosedLoop;
import io.s3workload.run.loop.Operation;
import io.s3workload.run.loop.Schedule;
import io.s3workload.run.loop.WorkerState;
import io.s3workload.run.server.ServerWatch;
import io.s3workload.s3.ObjectStore;
import io.s3workload.workload.LoadEndpoints;
import io.s3workload.workload.StageKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/** Runs one measured cell: a closed loop with a recorder and a progress sampler. */
public final class CellRun {

    private CellRun() {
    }

    /**
     * What a cell measured, and how many operations it started (the keys it touched, for puts); with
     * {@code byEndpoint}, what each endpoint of a stage spread over several measured ({@code stats} is their total).
     */
    public record Outcome(CellStats stats, long started, List<CellStats> byEndpoint) {

        Outcome(CellStats stats, long started) {
            this(stats, started, List.of());
        }

        /**
         * This outcome with the skew {@code picker} offered its {@link #started} operations on the total, when the
         * stage asked for a distribution of its own (not its kind's default).
         */
        public Outcome offered(KeyPicker picker, StageKind kind) {
            if (picker.access().equals(kind.defaultAccess())) {
                return this;
            }
            return picker.realised(started).map(a -> new Outcome(stats.withAccess(a), started, byEndpoint))
                    .orElse(this);
        }

        /** Every cell to report: each endpoint's, then the total; or the one cell. */
        public List<CellStats> cells() {
            List<CellStats> all = new ArrayList<>(byEndpoint);
            all.add(stats);
            return all;
        }
    }

    /** The endpoint a stage's cells are keyed by: its endpoint, or {@code all} for the total of a spread stage. */
    public static String endpointOf(StagePlan stage) {
        return stage.spread().isPresent() ? LoadEndpoints.ALL : stage.endpoint();
    }

    public static Outcome run(RunContext context, StagePlan stage, CellKey key, CellPlan cell, long operationLimit,
                       Operation operation) {
        CellKey total = new CellKey(key.stage(), key.op(), endpointOf(stage), key.size());
        return run(context, stage, stage.workers(), context.recorder(total), List.of(), cell, operationLimit,
                operation).get(0);
    }

    /**
     * {@code warmUp: DURATION}: the cell's load for that long first, into a recorder nobody reads, so the JIT, the
     * connection pool and the server's caches are warm when the measurement starts. Its writes are the run's (under
     * its prefix, removed with it). The measured cell then starts its own clock and its own operation count.
     */
    private static void warmUp(RunContext context, StagePlan stage, int workers, CellPlan cell, Operation operation,
                               CellKey key) {
        var warmUp = stage.warmUp();
        if (warmUp.isEmpty() || context.cancelled()) {
            return;
        }
        if (context.notesWarmUp()) {
            context.note(stage.name(), "warming up " + cell.size() + " for " + Durations
                    .format(warmUp.get()) + " (not measured)");
        }
        var load = stage.load();
        var spec = new ClosedLoop.Spec(key.stage() + "-warm-up", workers, ClosedLoop.UNBOUNDED,
                System.nanoTime() + warmUp.get().toNanos(), context.clients().lease(stage),
                context.seed() ^ key.hashCode() ^ 0x5741524dL, load, load.initial(stage.concurrency()),
                WorkerState.bufferFor(cell.size().maxBytes()), ClosedLoop.Recovery.of(stage.client()))
                .own(ClosedLoop.WARM_UP);
        ClosedLoop.run(spec, context::cancelled, context.recorder(key), operation);
    }

    /**
     * Runs a cell whose operations are also recorded, each into one of {@code details} (a mix stage's per-operation
     * cells); returns the cell's outcome, then each detail's, all over the same wall time.
     */
    public static List<Outcome> run(RunContext context, StagePlan stage, int workers, CellRecorder recorder,
                             List<CellRecorder> details, CellPlan cell, long operationLimit, Operation operation) {
        return run(context, stage, workers, recorder, details, cell, operationLimit, operation, null);
    }

    /** As above, each operation due when {@code schedule} says (a replay's; null: as the stage's load says). */
    public static List<Outcome> run(RunContext context, StagePlan stage, int workers, CellRecorder recorder,
                             List<CellRecorder> details, CellPlan cell, long operationLimit, Operation operation,
                             Schedule schedule) {
        CellKey key = recorder.key();
        warmUp(context, stage, workers, cell, operation, key);
        recorder.measuring();
        details.forEach(CellRecorder::measuring);
        long cpuStart = ProcessCost.cpuNanos();
        long allocatedStart = ProcessCost.allocatedBytes();
        long start = System.nanoTime();
        OptionalLong plannedNanos = cell.durationNanos();
        long deadline = plannedNanos.isPresent() ? start + plannedNanos.getAsLong() : start + Long.MAX_VALUE / 2;
        OptionalLong plannedOps = operationLimit == ClosedLoop.UNBOUNDED ? OptionalLong.empty()
                : OptionalLong.of(operationLimit);
        long started;
        var load = stage.load();
        var spec = new ClosedLoop.Spec(key.stage(), workers, operationLimit, deadline,
                context.clients().lease(stage), context.seed() ^ key.hashCode(), load,
                load.initial(stage.concurrency()), WorkerState.bufferFor(cell.size().maxBytes()),
                ClosedLoop.Recovery.of(stage.client()));
        var whenStable = stage.stopWhenStable().filter(s -> plannedNanos.isPresent());
        Map<String, CellRecorder> byEndpoint = new LinkedHashMap<>();
        stage.spread().ifPresent(s -> s.names().forEach(e -> byEndpoint.put(e, context.recorder(
                new CellKey(key.stage(), key.op(), e, key.size())))));
        // a run over several buckets: each operation also in the cell of its key's bucket, ENDPOINT/BUCKET
        List<String> buckets = context.buckets();
        List<CellRecorder> byBucket = buckets.size() < 2 || !key.op().sized() ? List.of() // a listing spans them
                : buckets.stream().map(b -> context.recorder(
                new CellKey(key.stage(), key.op(), endpointOf(stage) + "/" + b, key.size()))).toList();
        List<CellRecorder> sampled = new ArrayList<>(details);
        sampled.addAll(byEndpoint.values());
        sampled.addAll(byBucket);
        ServerWatch server = ServerWatch.start(context.clients(), stage.workerEndpoints());
        CellSampler sampler = new CellSampler(context, recorder, sampled, start, plannedNanos, plannedOps,
                ClosedLoop.loadAt(spec), whenStable, () -> server.tick(key));
        try {
            started = ClosedLoop.run(spec, () -> context.cancelled() || sampler.stable(), recorder,
                    byEndpoint.isEmpty() ? null : byEndpoint::get, byBucket.isEmpty() ? null
                    : k -> byBucket.get(ObjectStore.bucketOf(k, byBucket.size())), operation,
                    schedule);
        } finally {
            sampler.close();
            server.end();
        }
        long wall = System.nanoTime() - start;
        long cpu = cpuStart < 0 ? -1 : ProcessCost.cpuNanos() - cpuStart;
        long allocated = allocatedStart < 0 ? -1 : ProcessCost.allocatedBytes() - allocatedStart;
        List<Outcome> outcomes = new ArrayList<>();
        boolean stable = sampler.stable() && !context.cancelled();
        if (stable) {
            var band = whenStable.orElseThrow();
            context.note(stage.name(), key.op() + " " + key.size() + ": throughput held within "
                    + band.withinText() + " of its mean for " + Durations.format(band.window())
                    + "; stopped at " + Units.seconds(wall) + " of "
                    + Durations.format(cell.duration().orElseThrow()) + " (stopWhenStable)");
        }
        CellStats stats = server.withView(recorder.finish(wall, cpu, allocated), stage, workers);
        List<CellStats> endpoints = new ArrayList<>(byEndpoint.values().stream().map(r -> {
            CellStats e = server.withView(r.finish(wall, -1, -1), stage, workers);
            return stable ? e.stoppedWhenStable(wall / 1e9) : e;
        }).toList());
        byBucket.forEach(r -> {
            CellStats b = r.finish(wall, -1, -1); // the store counts its requests by endpoint, not by bucket
            endpoints.add(stable ? b.stoppedWhenStable(wall / 1e9) : b);
        });
        outcomes.add(new Outcome(stable ? stats.stoppedWhenStable(wall / 1e9) : stats, started, endpoints));
        for (CellRecorder detail : details) {
            CellStats d = server.withView(detail.finish(wall, -1, -1), stage, workers);
            outcomes.add(new Outcome(stable ? d.stoppedWhenStable(wall / 1e9) : d, started));
        }
        return outcomes;
    }
}
