package io.s3workload.result;

import io.s3workload.history.Anomaly;
import io.s3workload.history.CheckResult;
import io.s3workload.history.History;
import io.s3workload.history.HistoryChecker;
import io.s3workload.history.Op;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A history stage's history and what checking it found. The history itself is kept only by the run that recorded it
 * (for {@code history.jsonl}); a run read back from summary.json, or merged from shards, has the check alone, its
 * witnesses' times from the stage's start.
 *
 * @param result        the check
 * @param indeterminate the operations whose outcome is unknown
 * @param originNanos   the stage's start on the monotonic clock: witnesses' times are shown from it
 * @param history       the operations, where this run recorded them
 */
public record HistoryCheck(CheckResult result, long indeterminate, long originNanos, Optional<History> history) {

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
}
