package io.s3workload.report;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.StageGroup;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.Breach;
import io.s3workload.run.CleanupResult;
import io.s3workload.run.Progress;
import io.s3workload.run.RunInfo;
import io.s3workload.run.RunResult;
import io.s3workload.run.StageResult;
import io.s3workload.workload.Percentile;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * Prints a run for people: a header, live progress (rewritten in place on a terminal, one plain line a second
 * otherwise), a t3-validator style block per stage, and a summary table at the end.
 */
public final class ConsoleReporter implements Reporter {

    private static final String RULE = "=".repeat(80);

    private final PrintStream out;
    private final boolean terminal;
    private final boolean showProgress;
    private boolean progressLineOpen;
    private int stageCount;
    private List<StagePlan> planned = List.of();
    private Map<String, String> endpointUrls = Map.of();
    /**
     * Finished members of each composite stage (or sweep size) under way, by {@link #groupKey}, printed together
     * when its last member has finished; and how many of its members have yet to finish.
     */
    private final Map<String, List<StageResult>> members = new java.util.LinkedHashMap<>();
    private final Map<String, List<String>> loopLines = new java.util.HashMap<>();
    private final Map<String, Integer> unfinished = new java.util.HashMap<>();
    private final List<String> skipped = new ArrayList<>();
    /** The stage whose header was printed last: another stage's results get a header of their own first. */
    private String lastHeader = "";
    /** Stages running now: with more than one, progress goes in plain lines, each naming its stage. */
    private int running;

    public ConsoleReporter(PrintStream out, boolean terminal, boolean showProgress) {
        this.out = out;
        this.terminal = terminal;
        this.showProgress = showProgress;
    }

    @Override
    public void runStarted(RunInfo run) {
        stageCount = run.plan().stages().size();
        planned = run.plan().stages();
        for (StagePlan stage : planned) {
            groupKey(stage).ifPresent(key -> unfinished.merge(key, 1, Integer::sum));
        }
        endpointUrls = run.endpointUrls();
        out.println("s3workload: workload " + run.plan().name() + " (" + run.plan().source() + ")");
        out.println("  run id    " + run.runId() + "   seed " + run.seed());
        out.println("  bucket    " + run.plan().bucket() + "   prefix " + run.runPrefix());
        run.endpointUrls().forEach((name, url) -> out.println("  endpoint  " + name + "  " + url));
        out.flush();
    }

    @Override
    public void stageStarted(StagePlan stage) {
        running++;
        if (isSweep(stage)) {
            if (stage.index() == 0 || !sameGroup(planned.get(stage.index() - 1), stage)) {
                StageGroup group = stage.group().orElseThrow();
                out.println();
                out.println(RULE);
                out.println("[" + (stage.index() + 1) + "/" + stageCount + "] " + group.name() + " - sweep, endpoint "
                        + stage.endpoint() + " (stages " + group.name() + ".<size>.t<threads>)");
                out.println(RULE);
                out.flush();
            }
            return;
        }
        lastHeader = stage.name();
        out.println();
        out.println(RULE);
        out.println("[" + (stage.index() + 1) + "/" + stageCount + "] " + stage.name() + " - " + stage.kind()
                + ", " + switch (stage.kind()) {
                    case CONNECTIVITY -> "HeadBucket on " + String.join(", ", stage.roles().readers());
                    case TRANSCODE -> stage.concurrency() + " jobs, endpoint " + stage.endpoint() + ", read back"
                            + " through " + String.join(", ", stage.roles().readers());
                    case READ_AFTER_WRITE, LIST_AFTER_WRITE -> "writers " + String.join(", ", stage.roles().writers())
                            + ", readers " + String.join(", ", stage.roles().readers())
                            + (stage.concurrency() > 1 ? ", " + stage.concurrency() + " iterations at once" : "");
                    default -> pacing(stage) + ", endpoint " + stage.endpoint()
                            + stage.from().map(f -> ", objects of " + f).orElse("");
                });
        out.println(RULE);
        out.flush();
    }

    /** {@code 8 workers}, {@code 1 -> 250 workers (ramp)}, {@code 1000.0/s open loop, 16 workers}. */
    private static String pacing(StagePlan stage) {
        var load = stage.spec().common().load();
        if (load.openLoop()) {
            return Units.rate(load.ratePerSecond().getAsDouble()) + "/s open loop"
                    + (load.ramp().isEmpty() ? "" : " (ramped)") + ", " + stage.concurrency() + " workers";
        }
        String think = load.thinkTime().map(t -> ", think " + io.s3workload.workload.Durations.format(t.min())
                + (t.max().equals(t.min()) ? "" : "-" + io.s3workload.workload.Durations.format(t.max())))
                .orElse("");
        return (load.ramp().isEmpty() ? stage.concurrency() + " workers"
                : stage.concurrency() + " -> " + stage.workers() + " workers (ramp)") + think;
    }

    @Override
    public void progress(Progress p) {
        if (!showProgress) {
            return;
        }
        String done = p.plannedNanos().isPresent()
                ? Units.seconds(p.elapsedNanos()) + "/" + Units.seconds(p.plannedNanos().getAsLong())
                : Units.seconds(p.elapsedNanos());
        String ops = p.plannedOperations().isPresent()
                ? p.operationsDone() + "/" + p.plannedOperations().getAsLong() + " ops"
                : p.operationsDone() + " ops";
        String label = running > 1 ? p.cell().stage() + " " + p.cell().label() : p.cell().label();
        String line = String.format("  %-12s %s  %s  %s ops/s  %s  %d errors", label, done, ops,
                Units.rate(p.opsPerSecond()), Units.mibPerSecond(p.bytesPerSecond()), p.errors());
        if (terminal && running <= 1) {
            out.print("\r" + line + "\033[K");
            progressLineOpen = true;
        } else {
            out.println(line);
        }
        out.flush();
    }

    @Override
    public void note(String stage, String message) {
        closeProgressLine();
        out.println("  " + stage + ": " + message);
        out.flush();
    }

    @Override
    public void stageFinished(StageResult result) {
        closeProgressLine();
        if (result.skipped().isPresent()) {
            skipped.add(result.stage().name() + ": " + result.skipped().get());
            return;
        }
        running--;
        if (isSweep(result.stage())) {
            sweepPoint(result);
            return;
        }
        if (!result.stage().name().equals(lastHeader)) {
            // another stage's header came after this one's: say whose results these are
            lastHeader = result.stage().name();
            out.println();
            out.println("-".repeat(RULE.length()));
            out.println("[" + (result.stage().index() + 1) + "/" + stageCount + "] " + result.stage().name()
                    + " - results (it ran alongside other stages)");
            out.println("-".repeat(RULE.length()));
        }
        switch (result.stage().kind()) {
            case CONNECTIVITY -> out.print(ProbeBlocks.connectivity(result, endpointUrls));
            case READ_AFTER_WRITE, LIST_AFTER_WRITE -> {
                out.print(ProbeBlocks.convergence(result));
                result.cells().forEach(cell -> out.println(cellBlock(cell, true)));
            }
            case TRANSCODE -> out.print(ProbeBlocks.transcode(result));
            default -> result.cells().forEach(cell -> out.println(cellBlock(cell)));
        }
        if (result.stage().kind() == io.s3workload.workload.StageKind.HTTP_GET) {
            result.cells().forEach(cell -> out.print(GroupBlocks.httpBench(cell)));
        }
        if (result.interrupted()) {
            out.println("  (interrupted)");
        }
        groupKey(result.stage()).ifPresent(key -> {
            StageGroup group = result.stage().group().orElseThrow();
            members.computeIfAbsent(key, k -> new ArrayList<>()).add(result);
            if (group.kind() == io.s3workload.workload.StageKind.LOOPS) {
                List<String> lines = GroupBlocks.loopLines(group.loop().orElse(1), result);
                lines.forEach(line -> out.println("  " + line));
                loopLines.computeIfAbsent(key, k -> new ArrayList<>()).addAll(lines);
            }
            if (finished(key)) {
                printGroup(key);
            }
        });
        out.flush();
    }

    /** A sweep point: one line now; the size's table once its last thread count has run. */
    private void sweepPoint(StageResult result) {
        StageGroup group = result.stage().group().orElseThrow();
        for (CellStats c : result.cells()) {
            out.println("  " + c.key().label() + (group.preparation() ? ", working set upload" : ", "
                    + result.stage().concurrency() + (result.stage().concurrency() == 1 ? " thread" : " threads"))
                    + ": " + Units.mibPerSecond(c.bytesPerSecond())
                    + ", " + c.operations() + " ops, " + c.errors() + " errors");
        }
        String key = groupKey(result.stage()).orElseThrow();
        List<StageResult> points = members.computeIfAbsent(key, k -> new ArrayList<>());
        if (!group.preparation()) {
            points.add(result);
        }
        if (finished(key)) {
            members.remove(key);
            if (!points.isEmpty()) {
                out.println();
                out.print(GroupBlocks.sweepTable(group.name(), points.stream().filter(m -> !m.cells().isEmpty())
                        .toList()));
                out.println();
            }
        }
        out.flush();
    }

    /** Counts a member of composite {@code key} finished; true when it was the last. */
    private boolean finished(String key) {
        return unfinished.merge(key, -1, Integer::sum) <= 0;
    }

    /** The composite a stage belongs to: its group, and for a sweep its size; empty for a plain stage. */
    private static java.util.Optional<String> groupKey(StagePlan stage) {
        return stage.group().map(g -> g.name() + (g.kind() == io.s3workload.workload.StageKind.SWEEP
                ? "\n" + g.size() : ""));
    }

    /** Prints what the finished members of composite {@code key} add up to. */
    private void printGroup(String key) {
        List<StageResult> done = members.remove(key);
        if (done == null || done.isEmpty()) {
            return;
        }
        StageGroup group = done.get(0).stage().group().orElseThrow();
        out.println();
        switch (group.kind()) {
            case LOOPS -> {
                out.println("Loops " + group.name() + ":");
                loopLines.getOrDefault(key, List.of()).forEach(line -> out.println("  " + line));
                loopLines.remove(key);
            }
            case COMPARE -> out.print(GroupBlocks.compareTable(group.name(), List.copyOf(done)));
            case SWEEP -> out.print(GroupBlocks.sweepTable(group.name(), List.copyOf(done)));
            default -> {
            }
        }
    }

    private static boolean isSweep(StagePlan stage) {
        return stage.group().filter(g -> g.kind() == io.s3workload.workload.StageKind.SWEEP).isPresent();
    }

    private static boolean sameGroup(StagePlan a, StagePlan b) {
        return a.group().isPresent() && b.group().isPresent()
                && a.group().get().name().equals(b.group().get().name());
    }

    @Override
    public void runFinished(RunResult result) {
        closeProgressLine();
        List.copyOf(members.keySet()).forEach(this::printGroup); // composites the stop cut short
        out.println();
        out.println(RULE);
        out.println("SUMMARY  run " + result.info().runId() + ", " + Units.seconds(result.wallNanos()) + " in all");
        out.println(RULE);
        if (result.stages().stream().allMatch(s -> s.cells().isEmpty())) {
            out.println("No cell ran to completion, so there is nothing to summarise.");
        } else {
            out.print(summary(result.stages()));
        }
        String consistency = ProbeBlocks.summary(result.stages());
        if (!consistency.isEmpty()) {
            out.println();
            out.println("Consistency (convergence: from the write's response to the first read showing it):");
            out.print(consistency);
        }
        if (!skipped.isEmpty()) {
            out.println();
            out.println("Skipped stages:");
            skipped.forEach(s -> out.println("  " + s));
        }
        out.println();
        printThresholds(result);
        printCleanup(result.cleanup(), result.info().runPrefix());
        if (result.interrupted()) {
            out.println("Interrupted: " + stagesByFate(result));
        }
        out.flush();
    }

    static String cellBlock(CellStats cell) {
        return cellBlock(cell, false);
    }

    static String cellBlock(CellStats cell, boolean showEndpoint) {
        StringBuilder b = new StringBuilder();
        b.append("  ").append(cell.key().label()).append(showEndpoint ? " on " + cell.key().endpoint() : "")
                .append("  (").append(cell.attempted()).append(" ops in ")
                .append(Units.seconds(cell.wallNanos())).append(")\n");
        if (cell.latency().getTotalCount() > 0) {
            b.append("    Latency    - ").append(stats(cell.latency())).append('\n');
        }
        if (cell.hasTtfb()) {
            b.append("    TTFB       - ").append(stats(cell.ttfb())).append('\n');
        }
        if (cell.openLoop()) {
            b.append("    Uncorrected- ").append(stats(cell.uncorrected())).append("  (from the actual start)\n");
            b.append("    Schedule   - ").append(cell.late()).append(" of ").append(cell.attempted())
                    .append(" operations started more than ").append(CellStats.LATE_MILLIS)
                    .append(" ms late; latency and TTFB above count from the scheduled start\n");
        }
        String counts = cell.operations() + " success, " + cell.errors() + " errors";
        b.append("    Throughput - ").append(switch (cell.key().op()) {
            case DELETE -> Units.rate(cell.opsPerSecond()) + " deletes/s | " + counts;
            case HEAD, HEAD_BUCKET -> Units.rate(cell.opsPerSecond()) + " ops/s | " + counts;
            case LIST -> Units.rate(cell.opsPerSecond()) + " pages/s | " + Units.rate(cell.itemsPerSecond())
                    + " keys/s | " + cell.items() + " keys in " + cell.operations() + " pages, " + cell.errors()
                    + " errors";
            case PUT, GET, RANGE_GET, MIX, HTTP_GET -> Units.gbps(cell.bytesPerSecond()) + " | "
                    + Units.mibPerSecond(cell.bytesPerSecond()) + " | " + Units.rate(cell.opsPerSecond()) + " ops/s | "
                    + counts;
        });
        if (cell.cpuNanos() >= 0) {
            b.append("\n    CPU        - ").append(String.format(Locale.ROOT, "%.2f s process CPU, %.2f cores busy",
                    cell.cpuNanos() / 1e9, cell.coresBusy()));
            if (!Double.isNaN(cell.cpuSecondsPerGiB())) {
                b.append(String.format(Locale.ROOT, ", %.2f CPU-s/GiB", cell.cpuSecondsPerGiB()));
            }
            if (cell.attempted() > 0) {
                b.append(String.format(Locale.ROOT, ", %.3f CPU-ms/op", cell.cpuNanos() / 1e6 / cell.attempted()));
            }
            if (!Double.isNaN(cell.allocatedPerOperation())) {
                b.append(String.format(Locale.ROOT, ", %.1f KiB allocated/op", cell.allocatedPerOperation() / 1024));
            }
        }
        if (!cell.errorsByClass().isEmpty()) {
            b.append("\n    Errors     - ").append(cell.errorsByClass().entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .map(e -> e.getKey() + ": " + e.getValue() + examples(cell.examples().get(e.getKey())))
                    .collect(Collectors.joining(", ")));
            if (cell.throttled() > 0) {
                b.append(String.format(Locale.ROOT, "\n    Throttled  - %d of %d attempted (%.2f%%): the server"
                        + " asked to slow down", cell.throttled(), cell.attempted(),
                        100.0 * cell.throttled() / cell.attempted()));
            }
        }
        if (cell.retries() > 0) {
            b.append("\n    Retries    - ").append(cell.retries()).append(" attempts repeated; latency counts from"
                    + " each operation's first attempt");
        }
        return b.toString();
    }

    private static String examples(List<String> examples) {
        return examples == null || examples.isEmpty() ? "" : " (e.g. " + String.join("; ", examples) + ")";
    }

    private static String stats(Histogram h) {
        return Units.latencyStats(h, false, Percentile.AVG, Percentile.P50, Percentile.P95, Percentile.P99,
                Percentile.MAX);
    }

    static String summary(List<StageResult> stages) {
        return summaryOf(stages.stream().map(StageReport::of).toList());
    }

    /** The summary table: a row per cell of every stage. */
    static String summaryOf(List<StageReport> stages) {
        Table table = new Table(List.of("stage", "op", "endpoint", "size", "ops", "errors", "ops/s", "MiB/s", "Gbps",
                "p50 (ms)", "p99 (ms)", "ttfb p50 (ms)"),
                false, false, false, true, true, true, true, true, true, true, true, true);
        for (StageReport stage : stages) {
            for (CellStats c : stage.cells()) {
                boolean timed = c.latency().getTotalCount() > 0;
                boolean moves = c.key().op().movesData();
                table.add(List.of(stage.name(), c.key().op().toString(), c.key().endpoint(),
                        c.key().op().sized() ? c.key().size().toString() : "-",
                        Long.toString(c.operations()), Long.toString(c.errors()), Units.rate(c.opsPerSecond()),
                        moves ? Units.mib(c.bytesPerSecond()) : "-",
                        moves ? Units.gbps(c.bytesPerSecond()).replace(" Gbps", "") : "-",
                        timed ? Units.millis(Units.statNanos(c.latency(), Percentile.P50)) : "-",
                        timed ? Units.millis(Units.statNanos(c.latency(), Percentile.P99)) : "-",
                        c.hasTtfb() ? Units.millis(Units.statNanos(c.ttfb(), Percentile.P50)) : "-"));
            }
        }
        return table.render("");
    }

    /** Which stages ran to their end, which the stop cut short, and which never started. */
    static String stagesByFate(RunResult result) {
        java.util.Map<String, List<String>> fates = new java.util.LinkedHashMap<>();
        for (StageResult stage : result.stages()) {
            String fate = stage.skipped().isPresent() ? "never started" : stage.interrupted() ? "cut short"
                    : "ran to the end";
            fates.computeIfAbsent(fate, f -> new java.util.ArrayList<>()).add(stage.stage().name());
        }
        java.util.StringJoiner text = new java.util.StringJoiner("; ", "", ".");
        fates.forEach((fate, names) -> text.add(fate + ": " + String.join(", ", names)));
        return text.toString();
    }

    private void printThresholds(RunResult result) {
        boolean any = result.stages().stream().anyMatch(s -> !s.stage().failOn().isEmpty());
        if (!any) {
            return;
        }
        List<String> unjudged = result.stages().stream().filter(s -> !s.stage().failOn().isEmpty())
                .filter(s -> s.skipped().isPresent()).map(s -> s.stage().name()).toList();
        List<String> partly = result.stages().stream().filter(s -> !s.stage().failOn().isEmpty())
                .filter(s -> s.skipped().isEmpty() && s.interrupted()).map(s -> s.stage().name()).toList();
        String scope = (partly.isEmpty() ? "" : "; judged on what ran of " + String.join(", ", partly)
                + " (cut short)") + (unjudged.isEmpty() ? "" : "; not judged: " + String.join(", ", unjudged)
                + " (never started)");
        if (result.breaches().isEmpty()) {
            out.println("Thresholds: " + (unjudged.size() + partly.size() > 0 ? "held" : "all held") + scope
                    + ".");
            return;
        }
        out.println("Thresholds: " + result.breaches().size() + " crossed (exit code 1)" + scope + ":");
        for (Breach b : result.breaches()) {
            out.println("  FAILED " + b);
        }
    }

    private void printCleanup(CleanupResult cleanup, String runPrefix) {
        if (cleanup.skipped()) {
            out.println("Cleanup: skipped (keep: true); the run's objects remain under " + runPrefix);
            return;
        }
        out.println("Cleanup: " + cleanup.summary(runPrefix));
        cleanup.errors().stream().limit(5).forEach(e -> out.println("  error: " + e));
        cleanup.manifest().ifPresent(m -> out.println("  The cleanup is not finished: what is or may be left is in " + m
                + "\n  Finish it later with: s3workload cleanup WORKLOAD.yaml --manifest " + m));
    }

    private void closeProgressLine() {
        if (progressLineOpen) {
            out.println();
            progressLineOpen = false;
        }
    }
}
