package io.s3workload.history;

import java.util.List;
import java.util.Locale;

/**
 * What checking a history found.
 *
 * @param verdict    ok: every key linearizable and every list explained; anomalies: at least one found (each a
 *                   proof); unknown: none found, but a key's search ran out of time
 * @param operations the operations checked (indeterminate ones included)
 * @param keys       the keys they named
 * @param processes  the processes that ran them
 * @param lists      how many of them were lists
 * @param classes    per class of anomaly found, how many and the first witnesses, in {@link Anomaly.Kind} order
 * @param unknown    the keys without a verdict, and why
 * @param states     the states the searches visited, in all
 * @param elapsedNanos how long checking took
 */
public record CheckResult(Verdict verdict, int operations, int keys, int processes, int lists,
                          List<AnomalyClass> classes, List<Unknown> unknown, long states, long elapsedNanos) {

    /** The verdict over a whole history, the worse later: an anomaly is a proof, an unknown key is not. */
    public enum Verdict { OK, UNKNOWN, ANOMALIES }

    /**
     * @param kind    the class
     * @param count   how many were found (a stale read is counted for each read, a list's for each key it got wrong)
     * @param keys    on how many keys
     * @param first   the first few, with their witnesses
     */
    public record AnomalyClass(Anomaly.Kind kind, int count, int keys, List<Anomaly> first) {
    }

    /** A key whose search ran out of time: {@code why} says how far it got. */
    public record Unknown(String key, String why) {
    }

    /** The verdict in a sentence: {@code ok: every key's operations linearizable}, {@code ANOMALIES: 3 in 2 classes}. */
    public String sentence() {
        return switch (verdict) {
            case OK -> "ok: every key's operations linearizable" + (lists > 0 ? ", every list explained" : "");
            case UNKNOWN -> "UNKNOWN: no anomaly found, but " + unknown.size() + " of " + keys + " keys have no verdict";
            case ANOMALIES -> String.format(Locale.ROOT, "ANOMALIES: %,d in %d %s", anomalies(),
                    classes.size(), classes.size() == 1 ? "class" : "classes");
        };
    }

    /** The number of anomalies of every class. */
    public int anomalies() {
        return classes.stream().mapToInt(AnomalyClass::count).sum();
    }
}
