package io.s3workload.report;

import io.s3workload.metrics.CellStats;
import io.s3workload.result.CapacitySearch;
import io.s3workload.result.Units;
import io.s3workload.workload.Percentile;
import java.util.List;
import java.util.Locale;

/**
 * A capacity search in the console: one row per step in the order run (offered against achieved, latencies,
 * errors, throttling, the verdict) and the answer in one sentence.
 */
final class CapacityBlocks {

    private CapacityBlocks() {
    }

    static String of(CapacitySearch search, List<CellStats> cells) {
        CapacitySearch.Verdict verdict = search.judge(cells);
        if (verdict.steps().isEmpty()) {
            return "  No step ran.\n\n";
        }
        String unit = search.mode() == io.s3workload.workload.CapacityStage.Mode.RATE ? "offered (ops/s)"
                : "offered (users)";
        Table table = new Table(List.of("step", unit, "achieved (ops/s)", "p50", "p99", "max", "errors", "throttled",
                "verdict"), true, true, true, true, true, true, true, true, false);
        for (CapacitySearch.Judged step : verdict.steps()) {
            CellStats c = step.cell();
            table.add(List.of(Integer.toString(step.index() + 1), search.load(step.offered()).replace("/s", "")
                            .replace(" users", ""), CapacitySearch.rate(c.opsPerSecond()), ms(step, Percentile.P50),
                    ms(step, Percentile.P99), ms(step, Percentile.MAX),
                    String.format(Locale.ROOT, "%.2f%%", c.errorPercent()),
                    String.format(Locale.ROOT, "%.2f%%", c.throttledPercent()),
                    verdict(step, verdict)));
        }
        String what = verdict.steps().get(0).cell().key().label();
        return "  Capacity search (" + io.s3workload.workload.ClientSpec.key(search.mode()) + "), SLO " + search.slo().text() + ":\n"
                + table.render("  ") + "\n  " + search.sentence(verdict, what) + "\n\n";
    }

    private static String ms(CapacitySearch.Judged step, Percentile p) {
        Double ms = step.ms(p);
        return ms == null ? "-" : Units.latency(Math.round(ms * 1e6));
    }

    private static String verdict(CapacitySearch.Judged step, CapacitySearch.Verdict verdict) {
        String mark = verdict.sustained().filter(s -> s.index() == step.index()).isPresent() ? "  <- sustained" : "";
        if (step.held()) {
            return "held" + mark;
        }
        return (step.clientBound().isPresent() ? "client-bound: " : "broke: ") + String.join(", ", step.broken());
    }
}
