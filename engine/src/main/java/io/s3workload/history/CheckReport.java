package io.s3workload.history;

import java.util.Locale;

/**
 * A check's result as text: what was checked, the verdict, each class of anomaly found with how many and its first
 * witnesses as a table (process, operation, value, when invoked and completed), the keys without a verdict and why.
 * Times are shown from the history's first invocation, in milliseconds, or as line numbers for a history without
 * times.
 */
public final class CheckReport {

    private CheckReport() {
    }

    /** The report of {@code result} over {@code history} (named {@code name}) checked against {@code model}. */
    public static String render(String name, History history, Model model, CheckResult result) {
        StringBuilder out = new StringBuilder();
        long indeterminate = history.ops().stream().filter(Op::indeterminate).count();
        out.append(name).append(": ").append(count(result.operations(), "operation")).append(" (")
                .append(String.format(Locale.ROOT, "%,d", indeterminate)).append(" indeterminate) on ")
                .append(count(result.keys(), "key")).append(" by ").append(count(result.processes(), "process"))
                .append(", ").append(count(result.lists(), "list")).append(String.format(Locale.ROOT,
                        "; checked in %.2f s (%,d states searched)%n", result.elapsedNanos() / 1e9, result.states()));
        out.append("  model      ").append(model.label()).append(" (").append(model.operations()).append(")\n");
        out.append("  verdict    ").append(result.sentence()).append('\n');
        long origin = history.ops().isEmpty() ? 0 : history.ops().get(0).invoked();
        for (CheckResult.AnomalyClass c : result.classes()) {
            out.append(String.format(Locale.ROOT, "%n  %s: %,d on %d %s; the first %s:%n", c.kind().label(), c.count(),
                    c.keys(), c.keys() == 1 ? "key" : "keys", c.first().size() == 1 ? "witness" : c.first().size()
                            + " witnesses"));
            for (Anomaly a : c.first()) {
                witness(out, a, history.timed(), origin);
            }
        }
        for (CheckResult.Unknown u : result.unknown()) {
            out.append("  key ").append(quoted(u.key())).append(": ").append(u.why()).append('\n');
        }
        return out.toString();
    }

    private static void witness(StringBuilder out, Anomaly a, boolean timed, long origin) {
        out.append("    key ").append(a.key() == null ? "-" : quoted(a.key())).append('\n');
        String time = timed ? "ms" : "line";
        String format = "      %-10s %-7s %-7s %-24s %14s %16s%n";
        out.append(String.format(Locale.ROOT, format, "process", "f", "outcome", "value", "invoked (" + time + ")",
                "completed (" + time + ")"));
        for (Op op : a.witness()) {
            out.append(String.format(Locale.ROOT, format, op.process(), op.f().label(),
                    op.outcome().name().toLowerCase(Locale.ROOT), value(op), when(op.invoked(), timed, origin),
                    op.indeterminate() ? "unknown" : when(op.completed(), timed, origin)));
        }
    }

    private static String value(Op op) {
        String text = op.describe(true);
        return text.length() <= 24 ? text : text.substring(0, 21) + "...";
    }

    private static String when(long t, boolean timed, long origin) {
        return timed ? String.format(Locale.ROOT, "%.3f", (t - origin) / 1e6) : Long.toString(t);
    }

    /** {@code 1 key}, {@code 10,000 operations}, {@code 2 processes}. */
    private static String count(long n, String noun) {
        return String.format(Locale.ROOT, "%,d ", n) + (n == 1 ? noun : noun.endsWith("s") ? noun + "es" : noun + "s");
    }

    private static String quoted(String s) {
        return s == null ? "nothing" : "\"" + s + "\"";
    }

}
