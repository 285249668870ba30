package io.s3workload.kinds.replay;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.result.Finding;
import io.s3workload.result.ResultChart;
import io.s3workload.result.ResultTable;
import io.s3workload.result.ResultTable.Column;
import io.s3workload.result.ResultTable.Format;
import io.s3workload.trace.TraceOp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * A replay's fidelity (docs/replay.md), under its stage: what was played and how late; the recorded and the
 * replayed mix side by side; the store's recorded time beside this store's, per operation; what recorded failures
 * met here; what the trace held that was not played; and a chart of both throughputs over the replay's time.
 */
public record ReplayFinding(String stage, ReplayFidelity fidelity, List<CellStats> cells) implements Finding {

    @Override
    public List<ResultTable> tables() {
        List<ResultTable> tables = new ArrayList<>();
        tables.add(replayTable());
        tables.add(mixTable());
        if (!fidelity.server().isEmpty()) {
            tables.add(serverTable(fidelity));
        }
        if (!fidelity.outcomes().isEmpty()) {
            tables.add(outcomesTable());
        }
        List<List<Object>> left = new ArrayList<>();
        fidelity.skipped().forEach((name, n) -> left.add(Arrays.asList(name, "not replayed", n)));
        fidelity.notIssued().forEach((why, n) -> left.add(Arrays.asList(why, "not issued", n)));
        if (!left.isEmpty()) {
            tables.add(new ResultTable("replay-skipped", stage, "Not played", "operations of the trace a replay"
                    + " does not know (by their recorded name), left out by from/to or sample, or not issued",
                    ResultTable.Place.RUN, List.of(
                    Column.of("operation or reason", "", Format.TEXT),
                    Column.of("what", "", Format.TEXT),
                    Column.of("count", "", Format.COUNT)), left));
        }
        return tables;
    }

    /** What was played and how late. */
    private ResultTable replayTable() {
        ReplayFidelity f = fidelity;
        Histogram late = f.latenessHistogram();
        long notIssued = f.notIssued().values().stream().mapToLong(Long::longValue).sum();
        return new ResultTable("replay", stage, "Replay", summary(f, late, notIssued), ResultTable.Place.RUN,
                List.of(Column.of("trace", "", Format.TEXT),
                        Column.of("recorded", "s", Format.RATE),
                        Column.of("speed", "x", Format.RATE),
                        Column.of("operations", "", Format.COUNT),
                        Column.of("issued", "", Format.COUNT),
                        Column.of("not issued", "", Format.COUNT),
                        Column.of("late p50", "ms", Format.LATENCY),
                        Column.of("late p99", "ms", Format.LATENCY),
                        Column.of("late max", "ms", Format.LATENCY),
                        Column.of("late > 10 ms", "", Format.COUNT),
                        Column.of("capped", "", Format.COUNT),
                        Column.of("waited for key", "", Format.COUNT),
                        Column.of("key wait p99", "ms", Format.LATENCY),
                        Column.of("prepared", "", Format.COUNT),
                        Column.of("preparation", "s", Format.RATE)),
                List.of(Arrays.asList(String.join("+", f.formats()) + ", " + f.files() + (f.files() == 1 ? " file"
                                : " files"), f.traceSeconds(), f.speed(), f.played(), f.issued(),
                        notIssued > 0 ? new ResultTable.Bad(notIssued) : 0, ms(late, 50), ms(late, 99),
                        late.getTotalCount() == 0 ? null : late.getMaxValue() / 1e6,
                        f.late(), f.capped() > 0 ? new ResultTable.Bad(f.capped()) : 0, f.keyOrderOrNone().waited(),
                        ms(f.keyOrderOrNone().histogram(), 99), f.preparation().objects(),
                        f.preparation().seconds())));
    }

    private ResultTable mixTable() {
        List<List<Object>> mix = new ArrayList<>();
        for (ReplayFidelity.MixRow r : fidelity.mix()) {
            mix.add(Arrays.asList(label(r.op()), r.size(), r.recorded(), r.replayed(),
                    r.recorded() == 0 ? null : 100.0 * r.replayed() / r.recorded()));
        }
        return new ResultTable("replay-mix", stage, "Mix, recorded and replayed", "operations by kind and size"
                + " class: those the trace recorded, those issued here", ResultTable.Place.RUN, List.of(
                Column.of("operation", "", Format.TEXT),
                Column.of("size", "", Format.TEXT),
                Column.of("recorded", "", Format.COUNT),
                Column.of("replayed", "", Format.COUNT),
                Column.of("replayed of recorded", "%", Format.SHARE)), mix);
    }

    private ResultTable outcomesTable() {
        List<List<Object>> rows = new ArrayList<>();
        for (ReplayFidelity.RecordedFailure o : fidelity.outcomes()) {
            rows.add(Arrays.asList(label(o.op()), o.recordedStatus(), o.count(), o.same(), o.otherFailure(),
                    o.succeeded()));
        }
        return new ResultTable("replay-outcomes", stage, "Recorded failures", "each sent as recorded; what it met"
                + " here (not counted as the replay's errors)", ResultTable.Place.RUN, List.of(
                Column.of("operation", "", Format.TEXT),
                Column.of("recorded status", "", Format.COUNT),
                Column.of("count", "", Format.COUNT),
                Column.of("same here", "", Format.COUNT),
                Column.of("another failure", "", Format.COUNT),
                Column.of("succeeded here", "", Format.COUNT)), rows);
    }

    /** The store's recorded time per operation beside this store's latency for it (its cell's). */
    private ResultTable serverTable(ReplayFidelity f) {
        List<List<Object>> rows = new ArrayList<>();
        String sentence = "the store's own time as its log recorded it (to its first byte: an access log's"
                + " Turn-Around Time, MinIO's timeToFirstByte), and the latency here";
        double widest = -1;
        for (ReplayFidelity.ServerTime s : f.server()) {
            Histogram recorded = ReplayFidelity.decode(s.total());
            CellStats here = cell(s.op());
            Histogram firstByte = ReplayFidelity.decode(s.firstByte());
            rows.add(Arrays.asList(label(s.op()), recorded.getTotalCount(), ms(recorded, 50), ms(recorded, 99),
                    here == null ? null : ms(here.latency(), 50), here == null ? null : ms(here.latency(), 99),
                    ms(firstByte, 99), here == null ? null : ms(here.ttfb(), 99)));
            if (here != null && recorded.getTotalCount() > widest) {
                widest = recorded.getTotalCount();
                sentence = String.format(Locale.ROOT, "%s p99 was %s on the recorded store, %s here", label(s.op()),
                        Units.latency(recorded.getValueAtPercentile(99)),
                        Units.latency(here.latency().getValueAtPercentile(99)));
            }
        }
        return new ResultTable("replay-latency", stage, "Latency, recorded and here", sentence,
                ResultTable.Place.RUN, List.of(
                Column.of("operation", "", Format.TEXT),
                Column.of("recorded", "", Format.COUNT),
                Column.of("recorded p50", "ms", Format.LATENCY),
                Column.of("recorded p99", "ms", Format.LATENCY),
                Column.of("here p50", "ms", Format.LATENCY),
                Column.of("here p99", "ms", Format.LATENCY),
                Column.of("recorded first byte p99", "ms", Format.LATENCY),
                Column.of("here first byte p99", "ms", Format.LATENCY)), rows);
    }

    /** The cell a replayed operation kind was counted in. */
    private CellStats cell(String kind) {
        Op op = TraceOp.Kind.valueOf(kind).cell();
        return cells.stream().filter(c -> c.key().op() == op).findFirst().orElse(null);
    }

    private static String summary(ReplayFidelity f, Histogram late, long notIssued) {
        ReplayFidelity.KeyOrder order = f.keyOrderOrNone();
        return String.format(Locale.ROOT, "%,d of %,d operations issued%s; started %s late at p99%s",
                f.issued(), f.played(), notIssued > 0 ? " (" + notIssued + " not)" : "",
                late.getTotalCount() == 0 ? "-" : Units.latency(late.getValueAtPercentile(99)),
                order.waited() == 0 ? "" : String.format(Locale.ROOT, "; %,d waited for an earlier operation on"
                        + " their key to end (p99 %s)", order.waited(),
                        Units.latency(order.histogram().getValueAtPercentile(99))));
    }

    private static Double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? null : h.getValueAtPercentile(percentile) / 1e6;
    }

    /** {@code DELETE_OBJECTS} as a reader knows it: {@code DeleteObjects}. */
    static String label(String kind) {
        return TraceOp.Kind.valueOf(kind).label();
    }

    /** Operations per second of the replay's clock: as recorded (the trace's seconds divided by the speed), and here. */
    @Override
    public List<ResultChart> charts() {
        long[] recorded = fidelity.recordedPerSecond();
        long[] replayed = fidelity.replayedPerSecond();
        if (recorded.length < 2 && replayed.length < 2) {
            return List.of();
        }
        return List.of(new ResultChart("replay-throughput", "Operations per second, recorded and replayed",
                "seconds", "ops/s", false, List.of(steps("recorded", recorded), steps("replayed", replayed))));
    }

    private static ResultChart.Series steps(String name, long[] perSecond) {
        double[] x = new double[perSecond.length * 2];
        double[] y = new double[perSecond.length * 2];
        for (int i = 0; i < perSecond.length; i++) {
            x[2 * i] = i;
            x[2 * i + 1] = i + 1;
            y[2 * i] = perSecond[i];
            y[2 * i + 1] = perSecond[i];
        }
        return ResultChart.Series.line(name, x, y);
    }
}
