package io.s3workload.result;

import io.s3workload.history.Anomaly;
import io.s3workload.history.CheckResult;
import io.s3workload.history.Op;
import io.s3workload.result.ResultTable.Column;
import io.s3workload.result.ResultTable.Format;
import io.s3workload.result.ResultTable.Where;
import java.util.ArrayList;
import java.util.Arrays;
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
        tables.add(new ResultTable("history", stage, "History", verdict(r), ResultTable.Place.RUN, List.of(
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
                            op.outcome().name().toLowerCase(Locale.ROOT), value(op), check.millis(op.invoked()),
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

    /** The verdict in a sentence. */
    static String verdict(CheckResult r) {
        return switch (r.verdict()) {
            case OK -> "ok: every key's operations linearizable" + (r.lists() > 0 ? ", every list explained" : "");
            case UNKNOWN -> "UNKNOWN: no anomaly found, but " + r.unknown().size() + " of " + r.keys()
                    + " keys have no verdict";
            case ANOMALIES -> "ANOMALIES: " + r.anomalies() + " in " + r.classes().size()
                    + (r.classes().size() == 1 ? " class" : " classes");
        };
    }

    private static String value(Op op) {
        return switch (op.f()) {
            case CAS -> op.expected() + " -> " + op.value();
            case DELETE -> "";
            case LIST -> "[" + String.join(", ", op.listed()) + "]";
            default -> op.value() == null ? "nothing" : op.value();
        };
    }

    @Override
    public List<ResultChart> charts() {
        return List.of();
    }
}
