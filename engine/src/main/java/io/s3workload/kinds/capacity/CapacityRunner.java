package io.s3workload.kinds.capacity;

import io.s3workload.ground.Durations;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.kinds.capacity.CapacitySearch.End;
import io.s3workload.metrics.CellStats;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.ClientLimit;
import io.s3workload.result.StageResult;
import io.s3workload.run.RunContext;
import io.s3workload.run.StageRunner;
import io.s3workload.workload.StageKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * {@code kind: capacity}: offers the load step by step, each one run by the load's own runner for {@code settle}
 * (unmeasured) then {@code hold}, judged against the SLO; grows the load until a step breaks, then bisects between
 * the last that held and the first that broke. A step that broke while the client, not the store, was the limit
 * ends the search with a lower bound. Each step runs as a stage of its own name, {@code <stage>.step<N>} (its cell,
 * its keys, its live series); the probes as {@code <stage>.probe}, unreported.
 */
public final class CapacityRunner implements StageRunner {

    /** A step with at least this share of operations failed ends the search: the store is failing, not slowing. */
    static final double ERROR_STORM_PERCENT = 50;
    /** Operations of a probe request series, run by one user, before the search and in a cool-down. */
    private static final long PROBE_OPERATIONS = 5;
    /** A cool-down ends when a probe's median is within this factor of the unloaded one (plus a millisecond). */
    private static final double RECOVERED = 2;

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        CapacityStage spec = stage.spec(CapacityStage.class);
        CapacityStage.Search search = spec.search();
        StageRunner load = StageRunner.of(spec.load().kind());
        long start = System.nanoTime();
        double max = spec.mostLoad(stage.concurrency());
        // a shard's ladder keeps to a fixed schedule from the stage's start (which the engine aligns across shards
        // with --start-at), so that every shard offers its share of a step at the same moments
        long period = spec.period().toNanos();
        long unloaded = search.ladder() ? -1 : probe(stage, spec, load, context);
        List<CapacitySearch.Step> steps = new ArrayList<>();
        List<CellStats> cells = new ArrayList<>();
        Next next = new Next(Math.min(search.start(), max)); // its offered load is the step's
        boolean coolDown = false;
        End end;
        while (true) {
            if (context.cancelled()) {
                end = End.INTERRUPTED;
                break;
            }
            if (noTimeForAnother(stage, spec, context, start, steps.size())) {
                end = End.DURATION;
                break;
            }
            if (coolDown) {
                coolDown(stage, spec, load, context, unloaded);
            }
            int index = steps.size() + 1;
            if (search.ladder()) {
                awaitSlot(stage, context, index, start + (index - 1) * period);
            }
            Optional<CellStats> measured = step(stage, spec, load, context, next.offered, index);
            if (measured.isEmpty() || measured.get().attempted() == 0) {
                end = context.cancelled() ? End.INTERRUPTED : End.EMPTY;
                break;
            }
            CellStats cell = measured.get();
            List<String> broken = CapacitySearch.broken(spec.slo(), cell);
            Optional<String> clientBound = broken.isEmpty() ? Optional.empty()
                    : clientBound(cell, spec.slo(), search.mode(), stage.concurrency());
            steps.add(new CapacitySearch.Step(next.offered, clientBound));
            cells.add(cell);
            note(stage, context, index, next.offered, search, cell, broken, clientBound);
            if (context.cancelled()) {
                end = End.INTERRUPTED;
                break;
            }
            Optional<End> ended = next.after(spec, max, cell, broken, clientBound);
            if (ended.isPresent()) {
                end = ended.get();
                break;
            }
            coolDown = !search.ladder() && !broken.isEmpty(); // a ladder keeps to its schedule
        }
        CapacitySearch result = new CapacitySearch(spec.slo(), search.mode(), spec.precision(), steps, end);
        return new StageResult(stage, cells, System.nanoTime() - start, context.cancelled()).with(result);
    }

    /**
     * Whether the search's duration leaves no time for another step (a ladder's counted on its schedule), said in a
     * note when so.
     */
    private static boolean noTimeForAnother(StagePlan stage, CapacityStage spec, RunContext context, long start,
                                            int stepsRun) {
        long budget = spec.duration().toNanos();
        long stepNanos = spec.settle().toNanos() + spec.hold().toNanos();
        if (System.nanoTime() - start + stepNanos <= budget
                && !(spec.search().ladder() && stepsRun * spec.period().toNanos() + stepNanos > budget)) {
            return false;
        }
        context.note(stage.name(), "the search's duration (" + Durations.format(
                spec.duration()) + ") leaves no time for another step of " + Units.seconds(stepNanos));
        return true;
    }

    /** Waits for a ladder step's slot on the shared schedule, and says so when the step before ran over it. */
    private static void awaitSlot(StagePlan stage, RunContext context, int index, long slot) {
        if (!waitForSlot(slot, context)) {
            context.note(stage.name(), "step " + index + " starts " + Units.seconds(System.nanoTime() - slot)
                    + " after its slot: the step before ran over; the shards' steps no longer coincide exactly");
        }
    }

    /**
     * Where a search stands between steps: the highest load that held, the lowest the store broke, and the load to
     * offer next. A shard's ladder climbs every step to {@code max}; a search grows the load until a step breaks,
     * then bisects between the last that held and the first that broke down to the precision.
     */
    private static final class Next {
        private double offered;
        private double held = Double.NaN;
        private double broke = Double.NaN;

        Next(double first) {
            offered = first;
        }

        /** After a step at {@link #offered}: why the search ends, or empty with {@link #offered} the next load. */
        Optional<End> after(CapacityStage spec, double max, CellStats cell, List<String> broken,
                            Optional<String> clientBound) {
            CapacityStage.Search search = spec.search();
            if (search.ladder()) {
                if (offered >= max) {
                    return Optional.of(End.LADDER);
                }
                offered = search.next(offered);
                return Optional.empty();
            }
            if (cell.errorPercent() >= ERROR_STORM_PERCENT) {
                return Optional.of(End.ERRORS);
            }
            if (broken.isEmpty()) {
                held = offered;
            } else if (clientBound.isPresent()) {
                return Optional.of(End.CLIENT);
            } else {
                broke = offered;
            }
            if (Double.isNaN(broke)) {
                if (offered >= max) {
                    return Optional.of(End.MAX);
                }
                offered = search.next(offered);
            } else if (Double.isNaN(held) || search.close(held, broke, spec.precision())) {
                return Optional.of(End.CONVERGED);
            } else {
                offered = search.between(held, broke);
            }
            return Optional.empty();
        }
    }

    /** One step: the load's stage at this load, settled then held; its total cell, named for the step. */
    private static Optional<CellStats> step(StagePlan stage, CapacityStage spec, StageRunner load, RunContext context,
                                            double offered, int index) {
        boolean rate = spec.search().mode() == CapacityStage.Mode.RATE;
        int workers = rate ? stage.concurrency() : (int) Math.round(offered);
        StagePlan step = SearchSteps.step(stage, stage.name() + ".step" + index, workers, rate
                ? OptionalDouble.of(offered) : OptionalDouble.empty(), spec.settle().isZero() ? Optional.empty()
                : Optional.of(spec.settle()), stage.cells().get(0));
        List<CellStats> cells = load.run(step, context.saying(RunContext.Chatter.STEP)).cells();
        // a mix's per-operation cells and a spread stage's per endpoint come first: the step is judged on the total
        return cells.isEmpty() ? Optional.empty() : Optional.of(cells.get(cells.size() - 1));
    }

    /**
     * The median latency of a few operations by one user, unmeasured (nanoseconds; -1 when none succeeded). A mix
     * is not probed: each run of it seeds its working set again.
     */
    private static long probe(StagePlan stage, CapacityStage spec, StageRunner load, RunContext context) {
        if (spec.load().kind().has(StageKind.Trait.SEEDS_EACH_RUN) || context.cancelled()) {
            return -1;
        }
        CellPlan cell = stage.cells().get(0);
        List<CellStats> cells = load.run(SearchSteps.step(stage, stage.name() + ".probe", 1, OptionalDouble.empty(),
                Optional.empty(), new CellPlan(cell.size(), OptionalLong.of(PROBE_OPERATIONS), cell.keys(),
                Optional.empty())), context.saying(RunContext.Chatter.NOTHING)).cells();
        return cells.isEmpty() || cells.get(cells.size() - 1).latency().getTotalCount() == 0 ? -1
                : Units.statNanos(cells.get(cells.size() - 1).latency(), Percentile.P50);
    }

    /**
     * After a step that broke, no load until the store's queues drained: until a probe is about as fast as unloaded
     * ({@code coolDown} at most); for a mix, a pause of {@code settle}.
     */
    private static void coolDown(StagePlan stage, CapacityStage spec, StageRunner load, RunContext context,
                                 long unloaded) {
        long started = System.nanoTime();
        long deadline = started + spec.coolDown().toNanos();
        if (unloaded < 0) {
            sleep(Math.min(spec.settle().toNanos(), spec.coolDown().toNanos()), context);
            return;
        }
        long limit = (long) (unloaded * RECOVERED) + 1_000_000;
        while (!context.cancelled()) {
            long latency = probe(stage, spec, load, context);
            if (latency >= 0 && latency <= limit) {
                return;
            }
            if (System.nanoTime() >= deadline) {
                context.note(stage.name(), "cool-down: a request still took " + (latency < 0 ? "too long (none"
                        + " succeeded)" : Units.latency(latency)) + " after " + Units.seconds(System.nanoTime()
                        - started) + " (unloaded " + Units.latency(unloaded) + "); the next step starts anyway");
                return;
            }
            sleep(1_000_000_000L, context);
        }
    }

    /** Waits for {@code slotNanos} (a {@link System#nanoTime()}); false when it had already passed. */
    private static boolean waitForSlot(long slotNanos, RunContext context) {
        long late = System.nanoTime() - slotNanos;
        if (late > 100_000_000L) {
            return false;
        }
        sleep(-late, context);
        return true;
    }

    private static void sleep(long nanos, RunContext context) {
        long until = System.nanoTime() + nanos;
        try {
            while (!context.cancelled() && System.nanoTime() < until) {
                Thread.sleep(Math.min(100, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Why a step that broke was the client's limit, not the store's, if it was: its operations started late with
     * the client's CPU saturated, or started late while the store's own latency (from each request's actual start)
     * was within the SLO: the workers were all busy, the store was not slow.
     */
    static Optional<String> clientBound(CellStats cell, CapacityStage.Slo slo, CapacityStage.Mode mode,
                                        int workers) {
        double busy = ClientLimit.busyShare(cell, Runtime.getRuntime().availableProcessors());
        if (mode == CapacityStage.Mode.USERS) {
            return busy >= ClientLimit.SATURATED_SHARE ? Optional.of(String.format(Locale.ROOT, "the client's CPU was %.0f%% busy;"
                    + " offer the load from more shards (docs/distributed.md)", busy * 100)) : Optional.empty();
        }
        double late = ClientLimit.latePercent(cell);
        if (late <= ClientLimit.LATE_PERCENT) {
            return Optional.empty();
        }
        if (busy >= ClientLimit.SATURATED_SHARE) {
            return Optional.of(String.format(Locale.ROOT, "%.0f%% of its operations started late with the client's"
                    + " CPU %.0f%% busy; offer the load from more shards (docs/distributed.md)", late, busy * 100));
        }
        if (slo.latency().isEmpty() || cell.uncorrected().getTotalCount() == 0) {
            return Optional.empty();
        }
        for (Map.Entry<Percentile, Duration> limit : slo.latency().entrySet()) {
            if (Units.statNanos(cell.uncorrected(), limit.getKey()) > limit.getValue().toNanos()) {
                return Optional.empty();
            }
        }
        Percentile shown = slo.latency().keySet().iterator().next();
        return Optional.of(String.format(Locale.ROOT, "%.0f%% of its operations started late while the store answered"
                + " within the SLO (%s %s from each request's actual start): all %d workers were busy; raise"
                + " concurrency", late, shown.key(), Units.latency(Units.statNanos(cell.uncorrected(), shown)),
                workers));
    }

    private static void note(StagePlan stage, RunContext context, int index, double offered,
                             CapacityStage.Search search, CellStats cell, List<String> broken,
                             Optional<String> clientBound) {
        String load = search.mode() == CapacityStage.Mode.RATE
                ? String.format(Locale.ROOT, "%.1f/s", offered) : Math.round(offered) + " users";
        String limited = clientBound.map(c -> " (client-bound: " + c + ")").orElse("");
        context.note(stage.name(), "step " + index + ", " + load + ": " + Units.rate(cell.opsPerSecond()) + " ops/s, p99 "
                + (cell.latency().getTotalCount() == 0 ? "-" : Units.latency(Units.statNanos(cell.latency(),
                Percentile.P99))) + (broken.isEmpty() ? ", held" : ", broke " + String.join(", ", broken)) + limited);
    }
}
