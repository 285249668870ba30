package io.s3workload.history;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Checks a history: each key's operations searched for a linearization ({@link RegisterSearch}), keys in parallel
 * (they are independent), each within its time budget; a key with none gets its anomalies named
 * ({@link AnomalyFinder}); lists are checked against the keys' writes and deletes ({@link ListCheck}).
 */
public final class HistoryChecker {

    /** Witnesses kept per class of anomaly. */
    public static final int WITNESSES = 3;
    /** Operations shown around the one no order could place, when no class fits. */
    private static final int AROUND = 6;

    private HistoryChecker() {
    }

    /** Checks {@code history}, giving each key's search {@code perKey} at most. */
    public static CheckResult check(History history, Duration perKey) {
        long start = System.nanoTime();
        Map<String, List<Op>> byKey = history.byKey();
        List<KeyVerdict> verdicts = new ArrayList<>();
        int threads = Math.max(1, Math.min(byKey.size(), Runtime.getRuntime().availableProcessors()));
        try (ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "history-check");
            t.setDaemon(true);
            return t;
        })) {
            List<Future<KeyVerdict>> futures = new ArrayList<>();
            for (var entry : byKey.entrySet()) {
                futures.add(pool.submit(() -> checkKey(entry.getKey(), entry.getValue(), perKey)));
            }
            for (Future<KeyVerdict> f : futures) {
                verdicts.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("checking the history was interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("checking the history failed: " + e.getCause(), e.getCause());
        }
        List<Anomaly> anomalies = new ArrayList<>();
        List<CheckResult.Unknown> unknown = new ArrayList<>();
        long states = 0;
        for (KeyVerdict v : verdicts) {
            anomalies.addAll(v.anomalies);
            v.unknown.ifPresent(unknown::add);
            states += v.states;
        }
        List<Op> lists = history.lists();
        anomalies.addAll(ListCheck.find(lists, byKey));
        List<CheckResult.AnomalyClass> classes = classes(anomalies);
        CheckResult.Verdict verdict = !classes.isEmpty() ? CheckResult.Verdict.ANOMALIES
                : !unknown.isEmpty() ? CheckResult.Verdict.UNKNOWN : CheckResult.Verdict.OK;
        return new CheckResult(verdict, history.ops().size(), byKey.size(), history.processes(), lists.size(),
                classes, List.copyOf(unknown), states, System.nanoTime() - start);
    }

    private record KeyVerdict(List<Anomaly> anomalies, Optional<CheckResult.Unknown> unknown, long states) {
    }

    private static KeyVerdict checkKey(String key, List<Op> ops, Duration budget) {
        RegisterSearch.Result result = new RegisterSearch(ops).run(System.nanoTime() + budget.toNanos());
        if (result.verdict() == RegisterSearch.Verdict.LINEARIZABLE) {
            return new KeyVerdict(List.of(), Optional.empty(), result.states());
        }
        List<Anomaly> found = AnomalyFinder.find(key, ops);
        if (result.verdict() == RegisterSearch.Verdict.UNKNOWN) {
            Optional<CheckResult.Unknown> unknown = found.isEmpty() ? Optional.of(
                    new CheckResult.Unknown(key, "no verdict within " + budget.toMillis() + " ms: "
                            + result.states() + " states searched, at most " + result.placed() + " of "
                            + ops.size() + " operations placed in order")) : Optional.empty();
            return new KeyVerdict(found, unknown, result.states());
        }
        if (found.isEmpty()) {
            found = List.of(new Anomaly(Anomaly.Kind.NOT_LINEARIZABLE, key, around(ops, ops.get(result.blocked()))));
        }
        return new KeyVerdict(found, Optional.empty(), result.states());
    }

    /** The operation no order could place, the one that ended last before it began, and those concurrent with it. */
    private static List<Op> around(List<Op> ops, Op blocked) {
        List<Op> witness = new ArrayList<>();
        witness.add(blocked);
        ops.stream().filter(o -> o.before(blocked)).max(Comparator.comparingLong(Op::completed))
                .ifPresent(witness::add);
        ops.stream().filter(o -> o != blocked && !o.before(blocked) && !blocked.before(o))
                .sorted(Comparator.comparingLong(o -> Math.abs(o.invoked() - blocked.invoked())))
                .limit(AROUND).forEach(witness::add);
        witness.sort(Comparator.comparingInt(Op::id));
        return List.copyOf(witness);
    }

    private static List<CheckResult.AnomalyClass> classes(List<Anomaly> anomalies) {
        Map<Anomaly.Kind, List<Anomaly>> byKind = new EnumMap<>(Anomaly.Kind.class);
        for (Anomaly a : anomalies) {
            byKind.computeIfAbsent(a.kind(), k -> new ArrayList<>()).add(a);
        }
        List<CheckResult.AnomalyClass> classes = new ArrayList<>();
        for (var entry : byKind.entrySet()) {
            List<Anomaly> all = entry.getValue();
            all.sort(Comparator.comparingLong(a -> a.witness().get(a.witness().size() - 1).invoked()));
            Set<String> keys = new HashSet<>();
            all.forEach(a -> keys.add(a.key()));
            classes.add(new CheckResult.AnomalyClass(entry.getKey(), all.size(), keys.size(),
                    List.copyOf(all.subList(0, Math.min(WITNESSES, all.size())))));
        }
        return classes;
    }
}
