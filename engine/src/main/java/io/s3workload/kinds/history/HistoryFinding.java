package io.s3workload.kinds.history;

import io.s3workload.history.Anomaly;
import io.s3workload.history.CheckResult;
import io.s3workload.history.Op;
import io.s3workload.result.Finding;
import io.s3workload.result.ResultChart;
import io.s3workload.result.ResultTable;
import io.s3workload.result.ResultTable.Column;
import io.s3workload.result.ResultTable.Format;
import io.s3workload.result.ResultTable.Where;
import io.s3workload.result.ResultTimeline;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A history stage's check (docs/consistency.md): what was checked and the verdict; each class of anomaly found
 * with how many and on how many keys; the first witnesses of each, an operation a row (who ran it, what it did and
 * saw, when it was invoked and completed from the stage's start); the keys left without a verdict.
 */
public record HistoryFinding(String stage, HistoryCheck check) implements Finding {

    @Override
    public List<ResultTable> tables() {
        CheckResult r = check.result();
        List<ResultTable> tables = new ArrayList<>();
        tables.add(new ResultTable("history", stage, "History", r.sentence(), ResultTable.Place.RUN, List.of(
                Column.of("operations", "", Format.COUNT),
                Column.of("indeterminate", "", Format.COUNT),
                Column.of("keys", "", Format.COUNT),
                Column.of("processes", "", Format.COUNT),
                Column.of("lists", "", Format.COUNT),
                Column.of("anomalies", "", Format.COUNT),
                Column.of("unknown keys", "", Format.COUNT),
                Column.of("states", "", Format.COUNT).only(Where.REPORT, Where.FILES),
                Column.of("checked in", "ms", Format.MILLIS),
                Column.of("verdict", "", Format.TEXT)),
                List.of(Arrays.asList(r.operations(), check.indeterminate(), r.keys(), r.processes(), r.lists(),
                        r.anomalies() > 0 ? new ResultTable.Bad(r.anomalies()) : 0, r.unknown().size(), r.states(),
                        r.elapsedNanos() / 1e6, r.verdict().name().toLowerCase(Locale.ROOT)))));
        if (!r.classes().isEmpty()) {
            tables.add(new ResultTable("history-anomalies", stage, "Anomalies", "each class's count: a stale read"
                    + " for each read, a list's for each key it got wrong", ResultTable.Place.RUN, List.of(
                    Column.of("anomaly", "", Format.TEXT),
                    Column.of("count", "", Format.COUNT),
                    Column.of("keys", "", Format.COUNT)),
                    r.classes().stream().map(c -> Arrays.<Object>asList(c.kind().label(), c.count(), c.keys()))
                            .toList()));
            tables.add(witnesses(r));
        }
        if (!r.unknown().isEmpty()) {
            tables.add(new ResultTable("history-unknown", stage, "Keys without a verdict", "their search ran out of"
                    + " checkTimeout: these keys may or may not be linearizable", ResultTable.Place.RUN, List.of(
                    Column.of("key", "", Format.TEXT), Column.of("why", "", Format.TEXT)),
                    r.unknown().stream().map(u -> Arrays.<Object>asList(u.key(), u.why())).toList()));
        }
        return tables;
    }

    private ResultTable witnesses(CheckResult r) {
        List<List<Object>> rows = new ArrayList<>();
        for (CheckResult.AnomalyClass c : r.classes()) {
            int n = 0;
            for (Anomaly a : c.first()) {
                n++;
                for (Op op : a.witness()) {
                    rows.add(Arrays.asList(c.kind().label() + " " + n, a.key(), op.process(), op.f().label(),
                            op.outcome().name().toLowerCase(Locale.ROOT), op.describe(false), check.millis(op.invoked()),
                            check.millis(op.completed())));
                }
            }
        }
        return new ResultTable("history-witnesses", stage, "Witnesses", "the operations no order can explain,"
                + " times from the stage's start (completed: none when its outcome is unknown)", ResultTable.Place.RUN,
                List.of(Column.of("witness", "", Format.TEXT),
                        Column.of("key", "", Format.TEXT),
                        Column.of("process", "", Format.TEXT),
                        Column.of("op", "", Format.TEXT),
                        Column.of("outcome", "", Format.TEXT),
                        Column.of("value", "", Format.TEXT),
                        Column.of("invoked", "ms", Format.MILLIS),
                        Column.of("completed", "ms", Format.MILLIS)), rows);
    }

    @Override
    public List<ResultChart> charts() {
        return List.of();
    }

    /** Each witness's operations as bars, a lane per process (p3: process 3), times from the stage's start. */
    @Override
    public List<ResultTimeline> timelines() {
        List<ResultTimeline> timelines = new ArrayList<>();
        for (CheckResult.AnomalyClass c : check.result().classes()) {
            int n = 0;
            for (Anomaly a : c.first()) {
                n++;
                List<String> lanes = a.witness().stream().map(Op::process).distinct().sorted(PROCESSES).toList();
                List<ResultTimeline.Bar> bars = a.witness().stream().map(op -> new ResultTimeline.Bar(
                        lanes.indexOf(op.process()), check.millis(op.invoked()), check.millis(op.completed()),
                        label(op), switch (op.outcome()) {
                            case OK -> ResultTimeline.Outcome.OK;
                            case FAIL -> ResultTimeline.Outcome.FAIL;
                            case INFO -> ResultTimeline.Outcome.UNKNOWN;
                        })).toList();
                timelines.add(new ResultTimeline("history-witness", c.kind().label() + " " + n + ": key " + a.key(),
                        "time from the stage's start (ms)", lanes.stream().map(p -> "p" + p).toList(), bars));
            }
        }
        return timelines;
    }

    /** Process names in number order, a worker's later processes after it ({@code 2}, {@code 2.1}, {@code 10}). */
    private static final Comparator<String> PROCESSES = Comparator
            .<String>comparingLong(p -> number(p, 0)).thenComparingLong(p -> number(p, 1)).thenComparing(p -> p);

    private static long number(String process, int part) {
        String[] parts = process.split("\\.");
        try {
            return part < parts.length ? Long.parseLong(parts[part]) : -1;
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** An operation in a few words: {@code read w3-5}, {@code cas w1-2 -> w3-5}, {@code list [1, 4]}. */
    private static String label(Op op) {
        String text = (op.f().label() + " " + op.describe(false)).strip();
        return text.length() > 48 ? text.substring(0, 47) + "\u2026" : text;
    }
}
