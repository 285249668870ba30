package io.s3workload.result;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.result.ResultTable.Column;
import io.s3workload.result.ResultTable.Format;
import io.s3workload.result.ResultTable.Where;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A consistency probe's writer-reader pairs: how many iterations converged at once, later or never, how long
 * convergence took (from the write's response to the sending of the first read showing it), and the polls that
 * measured it; a chart of each pair's convergence by percentile.
 */
public record ConvergenceFinding(String stage, List<ConvergenceStats> pairs) implements Finding {

    public ConvergenceFinding {
        pairs = List.copyOf(pairs);
    }

    @Override
    public List<ResultTable> tables() {
        List<Column> columns = List.of(
                Column.of("pair", "", Format.TEXT),
                Column.of("scope", "", Format.TEXT),
                Column.of("iterations", "", Format.COUNT),
                Column.of("immediate", "%", Format.SHARE),
                Column.of("eventual", "%", Format.SHARE),
                Column.of("timeout", "%", Format.SHARE),
                Column.of("failed", "", Format.COUNT),
                Column.of("stale", "", Format.COUNT),
                Column.of("avg", "ms", Format.MILLIS),
                Column.of("p50", "ms", Format.MILLIS).only(Where.CONSOLE, Where.FILES),
                Column.of("p95", "ms", Format.MILLIS),
                Column.of("p99", "ms", Format.MILLIS),
                Column.of("max", "ms", Format.MILLIS),
                Column.of("polls", "", Format.COUNT).only(Where.REPORT, Where.FILES),
                Column.of("not yet", "", Format.COUNT).only(Where.REPORT, Where.FILES),
                Column.of("showing read avg", "ms", Format.MILLIS).only(Where.REPORT, Where.FILES));
        List<List<Object>> rows = pairs.stream().map(p -> {
            Histogram c = p.convergence();
            Object timeout = p.timedOut() > 0 ? new ResultTable.Bad(p.timeoutPercent()) : p.timeoutPercent();
            return Arrays.asList(p.label(), p.sameEndpoint() ? "same" : "cross", p.iterations(),
                    p.immediatePercent(), p.eventualPercent(), timeout, p.failed(), p.stale(), ms(c, Percentile.AVG),
                    ms(c, Percentile.P50), ms(c, Percentile.P95), ms(c, Percentile.P99), ms(c, Percentile.MAX),
                    p.polls(), p.notYet(), ms(p.showingRead(), Percentile.AVG));
        }).toList();
        return List.of(new ResultTable("convergence", stage, "Consistency (convergence: from the write's response to"
                + " the sending of the first read showing it; 0: the first read did)", "", ResultTable.Place.STAGE,
                columns, rows));
    }

    private static Double ms(Histogram h, Percentile p) {
        return h.getTotalCount() == 0 ? null : Units.statNanos(h, p) / 1e6;
    }

    /** Each pair's convergence by percentile, where it has enough samples to draw. */
    @Override
    public List<ResultChart> charts() {
        return pairs.stream().filter(p -> p.convergence().getTotalCount() >= ResultChart.MIN_SAMPLES)
                .map(p -> new ResultChart("convergence", "Convergence " + p.label(), "percentile", "ms", true,
                        List.of(ResultChart.Series.percentiles("convergence", p.convergence())))).toList();
    }
}
