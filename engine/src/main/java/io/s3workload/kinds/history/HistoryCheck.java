package io.s3workload.kinds.history;

import com.fasterxml.jackson.core.type.TypeReference;
import io.s3workload.ground.Units;
import io.s3workload.history.Anomaly;
import io.s3workload.history.CheckResult;
import io.s3workload.history.History;
import io.s3workload.history.HistoryChecker;
import io.s3workload.history.HistoryWriter;
import io.s3workload.history.Op;
import io.s3workload.metrics.CellStats;
import io.s3workload.result.Breach;
import io.s3workload.result.Finding;
import io.s3workload.result.StageOutcome;
import io.s3workload.result.Summary;
import io.s3workload.result.SummaryJson;
import io.s3workload.workload.FailOn;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A history stage's history and what checking it found. The history itself is kept only by the run that recorded it
 * (for {@code history.jsonl}); a run read back from summary.json, or merged from shards, has the check alone, its
 * witnesses' times from the stage's start. summary.json's {@code history}; the history itself goes to
 * {@code history-<stage>.jsonl} beside it ({@code s3workload check} reads it).
 *
 * @param result        the check
 * @param indeterminate the operations whose outcome is unknown
 * @param originNanos   the stage's start on the monotonic clock: witnesses' times are shown from it
 * @param history       the operations, where this run recorded them
 */
public record HistoryCheck(CheckResult result, long indeterminate, long originNanos, Optional<History> history)
        implements StageOutcome {

    public static final Type<HistoryCheck, Summary.History> TYPE = new Type<>("history", HistoryCheck.class,
            new TypeReference<>() {
            }, (check, cells) -> check.kept(), (kept, histograms) -> Optional.of(read(kept)), HistoryCheck::sum,
            null);

    @Override
    public Type<?, ?> type() {
        return TYPE;
    }

    @Override
    public Finding finding(String stage, List<CellStats> cells) {
        return new HistoryFinding(stage, this);
    }

    /** The history this run recorded, as {@code history-<stage>.jsonl}. */
    @Override
    public Map<String, String> files(String stage) {
        if (history.isEmpty()) {
            return Map.of();
        }
        StringWriter out = new StringWriter();
        try {
            HistoryWriter.write(history.get(), originNanos, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return Map.of(file(stage), out.toString());
    }

    /** The file a history stage's history is written to. */
    public static String file(String stage) {
        return "history-" + stage + ".jsonl";
    }

    /** The check of {@code history}, recorded from {@code originNanos}. */
    public static HistoryCheck of(History history, CheckResult result, long originNanos) {
        return new HistoryCheck(result, history.ops().stream().filter(Op::indeterminate).count(), originNanos,
                Optional.of(history));
    }

    /** The milliseconds from the stage's start to {@code nanos} (null for an indeterminate completion). */
    public Double millis(long nanos) {
        return nanos == Long.MAX_VALUE ? null : (nanos - originNanos) / 1e6;
    }

    /** Whether {@code failOn.anomalies} is crossed: more anomalies than it allows, or a key without a verdict. */
    public boolean crosses(long allowed) {
        return result.anomalies() > allowed || !result.unknown().isEmpty();
    }

    /** {@code failOn.anomalies}, where it is crossed. */
    @Override
    public List<Breach> breaches(String stage, FailOn failOn) {
        if (failOn.anomalies().isEmpty() || !crosses(failOn.anomalies().getAsLong())) {
            return List.of();
        }
        return List.of(new Breach(stage, "history", "anomalies", result.anomalies()
                + (result.unknown().isEmpty() ? "" : " (and " + Units.count(result.unknown().size(), "key")
                + " without a verdict)"), Long.toString(failOn.anomalies().getAsLong())));
    }

    /**
     * Shards' checks as one run's: their counts added (each shard checked keys of its own), the worst verdict, each
     * class's counts added and its first witnesses kept.
     */
    public static HistoryCheck sum(List<HistoryCheck> checks) {
        int operations = 0, keys = 0, processes = 0, lists = 0;
        long states = 0, elapsed = 0, indeterminate = 0;
        CheckResult.Verdict verdict = CheckResult.Verdict.OK;
        Map<Anomaly.Kind, List<CheckResult.AnomalyClass>> byKind = new EnumMap<>(Anomaly.Kind.class);
        List<CheckResult.Unknown> unknown = new ArrayList<>();
        for (HistoryCheck c : checks) {
            CheckResult r = c.result();
            operations += r.operations();
            keys += r.keys();
            processes += r.processes();
            lists += r.lists();
            states += r.states();
            elapsed = Math.max(elapsed, r.elapsedNanos());
            indeterminate += c.indeterminate();
            verdict = r.verdict().ordinal() > verdict.ordinal() ? r.verdict() : verdict;
            r.classes().forEach(a -> byKind.computeIfAbsent(a.kind(), k -> new ArrayList<>()).add(a));
            unknown.addAll(r.unknown());
        }
        List<CheckResult.AnomalyClass> classes = new ArrayList<>();
        byKind.forEach((kind, parts) -> {
            List<Anomaly> first = parts.stream().flatMap(p -> p.first().stream()).limit(HistoryChecker.WITNESSES)
                    .toList();
            classes.add(new CheckResult.AnomalyClass(kind, parts.stream().mapToInt(CheckResult.AnomalyClass::count)
                    .sum(), parts.stream().mapToInt(CheckResult.AnomalyClass::keys).sum(), first));
        });
        return new HistoryCheck(new CheckResult(verdict, operations, keys, processes, lists, classes,
                List.copyOf(unknown), states, elapsed), indeterminate, 0, Optional.empty());
    }

    /** The check as summary.json keeps it: its witnesses' times from the stage's start. */
    public Summary.History kept() {
        CheckResult r = result;
        return new Summary.History(r.verdict().name().toLowerCase(Locale.ROOT), r.operations(),
                indeterminate, r.keys(), r.processes(), r.lists(), r.states(), r.elapsedNanos() / 1e9,
                r.classes().stream().map(c -> new Summary.AnomalyClass(
                        c.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'), c.kind().label(),
                        c.count(), c.keys(), c.first().stream().map(a -> new Summary.Witness(a.key(),
                        a.witness().stream().map(op -> new Summary.WitnessOp(op.process(), op.f().label(), op.key(),
                                op.outcome().name().toLowerCase(Locale.ROOT), op.value(), op.expected(),
                                op.listed().isEmpty() ? null : List.copyOf(op.listed()), millis(op.invoked()),
                                millis(op.completed()))).toList())).toList())).toList(),
                r.unknown().stream().map(u -> new Summary.UnknownKey(u.key(), u.why())).toList());
    }

    /** A check read back from summary.json (no history: its witnesses alone). */
    public static HistoryCheck read(Summary.History h) {
        List<CheckResult.AnomalyClass> classes = new ArrayList<>();
        int id = 0;
        for (Summary.AnomalyClass c : h.anomalies()) {
            Anomaly.Kind kind = Anomaly.Kind.valueOf(c.kind().toUpperCase(Locale.ROOT).replace('-', '_'));
            List<Anomaly> first = new ArrayList<>();
            for (Summary.Witness w : c.witnesses()) {
                List<Op> ops = new ArrayList<>();
                for (Summary.WitnessOp op : w.operations()) {
                    ops.add(new Op(id++, 0, op.process(), Op.Fn.valueOf(op.f().toUpperCase(Locale.ROOT)), op.key(),
                            op.value(), op.expected(), Op.Outcome.valueOf(op.outcome().toUpperCase(Locale.ROOT)),
                            SummaryJson.nanos(op.invokedMs() / 1e3), op.completedMs() == null ? Long.MAX_VALUE
                            : SummaryJson.nanos(op.completedMs() / 1e3), op.listed() == null ? Set.of()
                            : new LinkedHashSet<>(op.listed())));
                }
                first.add(new Anomaly(kind, w.key(), List.copyOf(ops)));
            }
            classes.add(new CheckResult.AnomalyClass(kind, c.count(), c.keys(), first));
        }
        return new HistoryCheck(new CheckResult(CheckResult.Verdict.valueOf(h.verdict().toUpperCase(Locale.ROOT)),
                h.operations(), h.keys(), h.processes(), h.lists(), classes, h.unknown().stream()
                .map(u -> new CheckResult.Unknown(u.key(), u.why())).toList(), h.states(),
                SummaryJson.nanos(h.checkSeconds())), h.indeterminate(), 0, Optional.empty());
    }
}
