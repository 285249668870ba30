package io.s3workload.kinds.capacity;

import io.s3workload.ground.Keyed;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.result.Finding;
import io.s3workload.result.ResultAnswers;
import io.s3workload.result.ResultChart;
import io.s3workload.result.ResultTable;
import io.s3workload.result.ResultTable.Column;
import io.s3workload.result.ResultTable.Format;
import io.s3workload.result.ResultTable.Where;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A capacity search's answer, judged on the stage's cells (one per step): a table of the steps in the order run —
 * offered against achieved, latencies, errors, throttling, the verdict — with the answer as its caption, and the
 * latency-against-throughput curve.
 */
public record CapacityFinding(String stage, CapacitySearch search, List<CellStats> cells) implements Finding {

    public CapacityFinding {
        cells = List.copyOf(cells);
    }

    @Override
    public List<ResultTable> tables() {
        CapacitySearch.Verdict verdict = search.judge(cells);
        boolean rate = search.mode() == CapacityStage.Mode.RATE;
        List<Column> columns = List.of(
                Column.of("step", "", Format.COUNT),
                Column.of("cell", "", Format.TEXT).only(Where.FILES),
                Column.of("offered", rate ? "ops/s" : "users", rate ? Format.RATE : Format.COUNT),
                Column.of("achieved", "ops/s", Format.RATE),
                Column.of("p50", "ms", Format.LATENCY),
                Column.of("p99", "ms", Format.LATENCY),
                Column.of("max", "ms", Format.LATENCY),
                Column.of("errors", "%", Format.PERCENT),
                Column.of("throttled", "%", Format.PERCENT),
                Column.of("verdict", "", Format.TEXT).only(Where.CONSOLE),
                Column.of("verdict", "", Format.TEXT).only(Where.FILES, Where.REPORT),
                Column.of("sustained", "", Format.FLAG).only(Where.FILES, Where.REPORT));
        List<List<Object>> rows = new ArrayList<>();
        for (CapacitySearch.Judged j : verdict.steps()) {
            CellStats c = j.cell();
            boolean sustained = verdict.sustained().filter(x -> x.index() == j.index()).isPresent();
            rows.add(Arrays.asList(j.index() + 1, c.key().stage(), j.offered(), c.opsPerSecond(), j.ms(Percentile.P50),
                    j.ms(Percentile.P99), j.ms(Percentile.MAX), c.errorPercent(), c.throttledPercent(),
                    reasons(j, sustained), j.held() ? "held" : j.clientBound().isPresent() ? "client-bound" : "broke",
                    sustained));
        }
        String caption = verdict.steps().isEmpty() ? "no step ran"
                : search.sentence(verdict, verdict.steps().get(0).cell().key().label());
        return List.of(new ResultTable("capacity", stage, "Capacity search (" + Keyed.word(search.mode())
                + "), SLO " + search.slo().text(), caption, ResultTable.Place.RUN, columns, rows));
    }

    /**
     * What it sustained, what it achieved there and what broke first: the figures {@code compare} puts beside
     * another run's.
     */
    @Override
    public Optional<ResultAnswers> answers() {
        CapacitySearch.Verdict v = search.judge(cells);
        boolean lowerBound = v.broke().isEmpty() || v.clientLimit().isPresent();
        String sustained = v.sustained().map(j -> (lowerBound ? "at least " : "") + load(j.offered()))
                .orElse("none held");
        Double achieved = v.sustained().map(j -> j.cell().opsPerSecond()).orElse(null);
        String brokeFirst = v.broke().map(j -> String.join(", ", j.broken().stream()
                .map(clause -> clause.substring(0, clause.indexOf(' '))).toList()) + " at " + load(j.offered()))
                .orElse(v.clientLimit().isPresent() ? "client-bound" : "-");
        return Optional.of(new ResultAnswers("capacity", "sustained: the highest load that held, per second"
                + " or users; \"at least\" where the search ended before the store broke", List.of(
                new ResultAnswers.Value("sustained", "", v.sustained().map(CapacitySearch.Judged::offered)
                        .orElse(null), sustained, true),
                ResultAnswers.Value.number("achieved", "ops/s", achieved, achieved == null ? "-"
                        : Units.rate(achieved)),
                ResultAnswers.Value.text("broke first", brokeFirst))));
    }

    private String load(double offered) {
        return search.mode() == CapacityStage.Mode.USERS ? Math.round(offered) + " users"
                : Units.roundedRate(offered) + "/s";
    }

    /** {@code held  <- sustained}, {@code broke: p99 90.05 ms > 50.00 ms}. */
    private static String reasons(CapacitySearch.Judged step, boolean sustained) {
        if (step.held()) {
            return "held" + (sustained ? "  <- sustained" : "");
        }
        return (step.clientBound().isPresent() ? "client-bound: " : "broke: ") + String.join(", ", step.broken());
    }

    /**
     * p50 and p99 latency against the throughput achieved, step by step in order of the load offered, the sustained
     * step marked and the SLO's latency limit drawn. Latencies are drawn up to three times that limit (a broken
     * step's can be a hundred times it, which would flatten every other step).
     */
    @Override
    public List<ResultChart> charts() {
        CapacitySearch.Verdict verdict = search.judge(cells);
        List<CapacitySearch.Judged> steps = verdict.steps().stream().filter(j -> j.ms(Percentile.P99) != null)
                .sorted(Comparator.comparingDouble(CapacitySearch.Judged::offered)).toList();
        OptionalDouble limit = search.slo().latency().values().stream().mapToDouble(d -> d.toNanos() / 1e6).max();
        double top = limit.isPresent() ? 3 * limit.getAsDouble() : Double.MAX_VALUE;
        boolean clipped = steps.stream().anyMatch(j -> j.ms(Percentile.P99) > top);
        double[] x = steps.stream().mapToDouble(j -> j.cell().opsPerSecond()).toArray();
        List<ResultChart.Series> series = new ArrayList<>();
        series.add(ResultChart.Series.line("p99", x, latencies(steps, Percentile.P99, top)));
        series.add(ResultChart.Series.line("p50", x, latencies(steps, Percentile.P50, top)));
        if (limit.isPresent() && x.length > 0) {
            double most = Arrays.stream(x).max().orElse(0);
            series.add(ResultChart.Series.line("SLO limit", new double[] {0, most},
                    new double[] {limit.getAsDouble(), limit.getAsDouble()}));
        }
        List<CapacitySearch.Judged> answer = steps.stream()
                .filter(j -> verdict.sustained().filter(s -> s.index() == j.index()).isPresent()).toList();
        series.add(new ResultChart.Series("sustained (p99)", answer.stream().mapToDouble(j -> j.cell().opsPerSecond())
                .toArray(), latencies(answer, Percentile.P99, top), true));
        return List.of(new ResultChart("capacity", "Latency against throughput: " + stage, "achieved ops/s",
                clipped ? "ms (up to " + Math.round(top) + ")" : "ms", false, series));
    }

    private static double[] latencies(List<CapacitySearch.Judged> steps, Percentile p, double top) {
        return steps.stream().mapToDouble(j -> Math.min(top, j.ms(p))).toArray();
    }
}
