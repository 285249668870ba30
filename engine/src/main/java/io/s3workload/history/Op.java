package io.s3workload.history;

import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One operation of a history: its invocation and completion paired. {@code value} is what a write wrote, a read
 * returned (null: nothing there), a list listed (the keys, as one value each); {@code expected} is a
 * compare-and-set's old value. Times are the history's own (nanoseconds on a monotonic clock, or line numbers when
 * it has none); an indeterminate operation completes at {@link Long#MAX_VALUE}: it may take effect at any point
 * after its invocation, or never.
 *
 * @param id        its position among the history's operations, from 0
 * @param line      the line of its invocation in the history file (1-based)
 * @param process   the process (worker) that ran it
 * @param f         what it did
 * @param key       the key it named ("" for a history of one register; null for a list)
 * @param value     see above; null when none
 * @param expected  a compare-and-set's old value (null: the object must be absent); null otherwise
 * @param outcome   how it ended
 * @param invoked   when it began
 * @param completed when it ended ({@link Long#MAX_VALUE} when indeterminate)
 * @param listed    a list's keys (empty otherwise)
 */
public record Op(int id, int line, String process, Fn f, String key, String value, String expected, Outcome outcome,
                 long invoked, long completed, Set<String> listed) {

    /** The operations a history can hold. */
    public enum Fn {
        /** GET: returns the value, or null when the object is absent. */
        READ,
        /** PUT: sets the value. */
        WRITE,
        /** PUT with {@code If-Match}: sets {@code value} only when the current value is {@code expected}. */
        CAS,
        /** PUT with {@code If-None-Match: *}: sets the value only when the object is absent. */
        CREATE,
        /** DELETE: the object is absent after it. */
        DELETE,
        /** LIST: the keys present. */
        LIST;

        /** Its name in a history file. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How an operation ended. */
    public enum Outcome {
        /** It took effect (a read: it returned {@code value}). */
        OK,
        /** It did not take effect: for a compare-and-set or a create, because its condition did not hold. */
        FAIL,
        /** Unknown: it may or may not have taken effect (a timeout, a reset, a 5xx after the body was sent). */
        INFO
    }

    /** Whether it ended without the outcome being known. */
    public boolean indeterminate() {
        return outcome == Outcome.INFO;
    }

    /** Whether it wrote (or may have written) {@code value}: a write, a compare-and-set or a create not failed. */
    public boolean writes() {
        return (f == Fn.WRITE || f == Fn.CAS || f == Fn.CREATE) && outcome != Outcome.FAIL;
    }

    /** Whether it surely ended before {@code other} began. */
    public boolean before(Op other) {
        return completed < other.invoked;
    }

    /**
     * What it wrote or saw, for a reader: {@code w3-5}, {@code nothing} (a read of a missing key), {@code w1 -> w2}
     * (a compare-and-set), {@code [0, 4]} (a list), nothing for a delete; each value in {@code "..."} if
     * {@code quoted} (a history from elsewhere, whose values may be numbers).
     */
    public String describe(boolean quoted) {
        UnaryOperator<String> q = v -> v == null ? "nothing" : quoted ? "\"" + v + "\"" : v;
        return switch (f) {
            case CAS -> q.apply(expected) + " -> " + q.apply(value);
            case DELETE -> "";
            case LIST -> "[" + String.join(", ", listed().stream().map(q).toList()) + "]";
            default -> q.apply(value);
        };
    }
}
