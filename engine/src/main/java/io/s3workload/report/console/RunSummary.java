package io.s3workload.report.console;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.result.Breach;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.ClientLimit;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageReport;
import io.s3workload.result.StageResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * What the console prints when a run ends: the summary table (a row per cell), the consistency summary, skipped
 * stages, the thresholds as judged, the cleanup, and for an interrupted run the fate of every stage.
 */
public final class RunSummary {

    public static final String RULE = "=".repeat(80);

    private RunSummary() {
    }

    public static String of(RunResult result, List<String> skipped, CellBlock.Cpu cpu) {
        StringBuilder b = new StringBuilder("\n").append(RULE).append('\n');
        b.append("SUMMARY  run ").append(result.info().runId()).append(", ").append(Units.seconds(result.wallNanos()))
                .append(" in all\n").append(RULE).append('\n');
        if (result.stages().stream().allMatch(s -> s.cells().isEmpty())) {
            b.append("No cell ran to completion, so there is nothing to summarise.\n");
        } else {
            b.append(table(result.stages().stream().map(StageReport::of).toList()));
        }
        b.append(FindingBlocks.summary(result.stages().stream().map(StageReport::of).toList()));
        List<CellStats> ran = result.stages().stream().flatMap(s -> s.cells().stream())
                .toList();
        String limit = ClientLimit.sentence(ran, cpu.cpus(), cpu.serverInProcess())
                + ClientLimit.cappedSentence(ran);
        if (!limit.isEmpty()) {
            b.append('\n').append(limit);
        }
        if (!skipped.isEmpty()) {
            b.append("\nSkipped stages:\n");
            skipped.forEach(s -> b.append("  ").append(s).append('\n'));
        }
        b.append('\n').append(thresholds(result)).append(cleanup(result.cleanup(), result.info().runPrefix()));
        if (result.interrupted()) {
            b.append("Interrupted: ").append(stagesByFate(result)).append('\n');
        }
        b.append(Sections.summary(result));
        return b.toString();
    }

    /**
     * The summary table: a row per cell of every stage; {@code ok} operations succeeded, {@code errors} failed,
     * and rates and latencies are of the ones that succeeded.
     */
    public static String table(List<StageReport> stages) {
        Table table = new Table(List.of("stage", "op", "endpoint", "size", "ok", "errors", "ops/s", "MiB/s", "Gbps",
                "p50 (ms)", "p99 (ms)", "ttfb p50 (ms)"),
                false, false, false, true, true, true, true, true, true, true, true, true);
        for (StageReport stage : stages) {
            for (CellStats c : stage.cells()) {
                boolean timed = c.latency().getTotalCount() > 0;
                boolean moves = c.key().op().movesData();
                table.add(List.of(c.key().stage(), c.key().op().toString(), c.key().endpoint(),
                        c.key().op().sized() ? c.key().size().toString() : "-",
                        Long.toString(c.operations()), Long.toString(c.errors()), Units.rate(c.opsPerSecond()),
                        moves ? Units.mib(c.bytesPerSecond()) : "-",
                        c.key().op().onTheWire() ? Units.gbps(c.bytesPerSecond()).replace(" Gbps", "") : "-",
                        timed ? Units.millis(Units.statNanos(c.latency(), Percentile.P50)) : "-",
                        timed ? Units.millis(Units.statNanos(c.latency(), Percentile.P99)) : "-",
                        c.hasTtfb() ? Units.millis(Units.statNanos(c.ttfb(), Percentile.P50)) : "-"));
            }
        }
        return table.render("");
    }

    /** Which stages ran to their end, which the stop cut short, and which never started. */
    static String stagesByFate(RunResult result) {
        Map<String, List<String>> fates = new LinkedHashMap<>();
        for (StageResult stage : result.stages()) {
            String fate = stage.skipped().isPresent() ? "never started" : stage.interrupted() ? "cut short"
                    : "ran to the end";
            fates.computeIfAbsent(fate, f -> new ArrayList<>()).add(stage.stage().name());
        }
        StringJoiner text = new StringJoiner("; ", "", ".");
        fates.forEach((fate, names) -> text.add(fate + ": " + String.join(", ", names)));
        return text.toString();
    }

    /** The thresholds as judged, on what ran: nothing when no stage has any. */
    private static String thresholds(RunResult result) {
        List<StageResult> judged = result.stages().stream().filter(s -> !s.stage().failOn().isEmpty()).toList();
        if (judged.isEmpty()) {
            return "";
        }
        List<String> unjudged = judged.stream().filter(s -> s.skipped().isPresent()).map(s -> s.stage().name())
                .toList();
        List<String> partly = judged.stream().filter(s -> s.skipped().isEmpty() && s.interrupted())
                .map(s -> s.stage().name()).toList();
        String scope = (partly.isEmpty() ? "" : "; judged on what ran of " + String.join(", ", partly)
                + " (cut short)") + (unjudged.isEmpty() ? "" : "; not judged: " + String.join(", ", unjudged)
                + " (never started)");
        if (result.breaches().isEmpty()) {
            return "Thresholds: " + (unjudged.size() + partly.size() > 0 ? "held" : "all held") + scope + ".\n";
        }
        StringBuilder b = new StringBuilder("Thresholds: " + result.breaches().size() + " crossed (exit code 1)"
                + scope + ":\n");
        for (Breach breach : result.breaches()) {
            b.append("  FAILED ").append(breach).append('\n');
        }
        return b.toString();
    }

    private static String cleanup(CleanupResult cleanup, String runPrefix) {
        StringBuilder b = new StringBuilder("Cleanup: ").append(cleanup.summary(runPrefix)).append('\n');
        if (!cleanup.skipped()) {
            cleanup.errors().stream().limit(5).forEach(e -> b.append("  error: ").append(e).append('\n'));
            cleanup.manifest().ifPresent(m -> b.append("  The cleanup is not finished: what is or may be left is in ")
                    .append(m).append("\n  Finish it later with: s3workload cleanup WORKLOAD.yaml --manifest ")
                    .append(m).append('\n'));
        }
        return b.toString();
    }
}
