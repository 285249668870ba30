package io.s3workload.history;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Whether one key's operations are linearizable against the register {@link Model} describes: the search of Wing and
 * Gong as Lowe made it practical (and Knossos and Porcupine do it). The operations' invocations and completions are
 * put in time order in a list; the search takes the first invocation whose step the register allows, removes it and
 * its completion from the list, and goes on; when it meets a completion whose operation it has not taken, no order
 * of what it took can explain the history up to there, and it puts back the last one it took and tries the next.
 * Every (set of operations taken, register value) it has been in is remembered and never entered again, which is
 * what makes it fast. An indeterminate operation completes at the end: it may take effect at any point after its
 * invocation, or never.
 */
final class RegisterSearch {

    /** How the search ended. */
    enum Verdict { LINEARIZABLE, NOT_LINEARIZABLE, UNKNOWN }

    /**
     * @param verdict  see above
     * @param blocked  when not linearizable: the operation that no order of those before it could place (its
     *                 completion met untaken at the search's deepest); -1 otherwise
     * @param placed   how many operations the deepest order placed
     * @param states   how many (set, value) states were visited
     */
    record Result(Verdict verdict, int blocked, int placed, long states) {
    }

    private static final int ILLEGAL = -1;
    private static final int ABSENT = 0;
    private static final int NIL = -1;

    private final List<Op> ops;
    /** Each operation's value and expected value as numbers (0: absent). */
    private final int[] value;
    private final int[] expected;

    RegisterSearch(List<Op> ops) {
        this.ops = ops;
        this.value = new int[ops.size()];
        this.expected = new int[ops.size()];
        Map<String, Integer> numbers = new HashMap<>();
        for (int i = 0; i < ops.size(); i++) {
            value[i] = number(ops.get(i).value(), numbers);
            expected[i] = number(ops.get(i).expected(), numbers);
        }
    }

    private static int number(String v, Map<String, Integer> numbers) {
        return v == null ? ABSENT : numbers.computeIfAbsent(v, k -> numbers.size() + 1);
    }

    /** The register's value after operation {@code i} from {@code state}, or {@link #ILLEGAL}. */
    private int step(int state, int i) {
        Op op = ops.get(i);
        boolean ok = op.outcome() == Op.Outcome.OK;
        boolean fail = op.outcome() == Op.Outcome.FAIL;
        return switch (op.f()) {
            case READ -> state == value[i] ? state : ILLEGAL;
            case WRITE -> value[i];
            case DELETE -> ABSENT;
            case CAS -> stepIf(state == expected[i], state, value[i], ok, fail);
            case CREATE -> stepIf(state == ABSENT, state, value[i], ok, fail);
            case LIST -> state;
        };
    }

    /** A conditional write: takes effect when {@code holds}; a success needs it to, a failure needs it not to. */
    private static int stepIf(boolean holds, int state, int written, boolean ok, boolean fail) {
        if (ok) {
            return holds ? written : ILLEGAL;
        }
        if (fail) {
            return holds ? ILLEGAL : state;
        }
        return holds ? written : state; // indeterminate: took effect if it could (never taking effect: placed last)
    }

    /** Searches until {@code deadlineNanos} ({@link System#nanoTime}); past it the verdict is unknown. */
    Result run(long deadlineNanos) {
        int n = ops.size();
        if (n == 0) {
            return new Result(Verdict.LINEARIZABLE, -1, 0, 0);
        }
        // entries 0..2n-1: operation i's invocation is 2i, its completion 2i+1; the list in time order
        Integer[] order = new Integer[2 * n];
        for (int e = 0; e < 2 * n; e++) {
            order[e] = e;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Long.compare(time(a), time(b));
            if (c != 0) {
                return c;
            }
            return Integer.compare(a & 1, b & 1); // at the same instant invocations first: they overlap
        });
        int head = 2 * n;
        int[] next = new int[2 * n + 1];
        int[] prev = new int[2 * n + 1];
        int last = head;
        for (Integer e : order) {
            next[last] = e;
            prev[e] = last;
            last = e;
        }
        next[last] = NIL;

        long[] taken = new long[(n + 63) >>> 6];
        Set<State> seen = new HashSet<>();
        int[] stackEntry = new int[n];
        int[] stackState = new int[n];
        int depth = 0;
        int state = ABSENT;
        int deepest = -1;
        int blocked = -1;
        long steps = 0;
        int entry = next[head];
        while (next[head] != NIL) {
            if ((++steps & 1023) == 0 && System.nanoTime() - deadlineNanos > 0) {
                return new Result(Verdict.UNKNOWN, blocked, deepest, seen.size());
            }
            if ((entry & 1) == 0) { // an invocation
                int i = entry >>> 1;
                int after = step(state, i);
                if (after != ILLEGAL) {
                    taken[i >>> 6] |= 1L << i;
                    if (seen.add(new State(taken.clone(), after))) {
                        stackEntry[depth] = entry;
                        stackState[depth++] = state;
                        state = after;
                        lift(entry, next, prev);
                        entry = next[head];
                        continue;
                    }
                    taken[i >>> 6] &= ~(1L << i);
                }
                entry = next[entry];
            } else { // a completion of an operation not taken: back up
                if (depth > deepest) {
                    deepest = depth;
                    blocked = entry >>> 1;
                }
                if (depth == 0) {
                    return new Result(Verdict.NOT_LINEARIZABLE, blocked, deepest, seen.size());
                }
                int back = stackEntry[--depth];
                state = stackState[depth];
                int i = back >>> 1;
                taken[i >>> 6] &= ~(1L << i);
                unlift(back, next, prev);
                entry = next[back];
            }
        }
        return new Result(Verdict.LINEARIZABLE, -1, n, seen.size());
    }

    private long time(int entry) {
        Op op = ops.get(entry >>> 1);
        return (entry & 1) == 0 ? op.invoked() : op.completed();
    }

    /** Takes invocation {@code e} and its completion ({@code e + 1}) out of the list. */
    private static void lift(int e, int[] next, int[] prev) {
        next[prev[e]] = next[e];
        prev[next[e]] = prev[e]; // an invocation is always followed, by its completion at least
        int r = e + 1;
        next[prev[r]] = next[r];
        if (next[r] != NIL) {
            prev[next[r]] = prev[r];
        }
    }

    /** Puts them back, in the reverse order. */
    private static void unlift(int e, int[] next, int[] prev) {
        int r = e + 1;
        next[prev[r]] = r;
        if (next[r] != NIL) {
            prev[next[r]] = r;
        }
        next[prev[e]] = e;
        prev[next[e]] = e;
    }

    /** A state of the search: the operations taken and the register's value. */
    private record State(long[] taken, int value) {
        @Override
        public boolean equals(Object o) {
            return o instanceof State s && s.value == value && Arrays.equals(s.taken, taken);
        }

        @Override
        public int hashCode() {
            return Objects.hash(Arrays.hashCode(taken), value);
        }
    }
}
