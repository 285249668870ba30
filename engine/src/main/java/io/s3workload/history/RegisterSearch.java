package io.s3workload.history;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Whether one key's operations are linearizable against the register {@link Model} describes: the search of Wing and
 * Gong as Lowe made it practical (and Knossos and Porcupine do it). The operations' invocations and completions are
 * put in time order in a list; the search takes the first invocation whose step the register allows, removes it and
 * its completion from the list, and goes on; when it meets a completion whose operation it has not taken, no order
 * of what it took can explain the history up to there, and it puts back the last one it took and tries the next.
 * Every (set of operations taken, register value) it has been in is remembered and never entered again, which is
 * what makes it fast. An indeterminate operation completes at the end: it may take effect at any point after its
 * invocation, or never.
 *
 * <p>A set of operations taken is remembered by a 128-bit Zobrist hash (two random 64-bit numbers per operation,
 * XORed in and out as it is taken and put back), not as a bit set: 24 bytes a state whatever the history's length,
 * where a bit set of 12,500 operations took 1.6 KB and a search of six million states 6 GB. Two sets with one hash
 * would make the search skip the second, which could only hide an order; with ten million states the chance of that
 * is about one in 10^24.
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
        int head = 2 * n;
        int[] next = new int[2 * n + 1];
        int[] prev = new int[2 * n + 1];
        link(n, next, prev);
        SplittableRandom random = new SplittableRandom(0x5eed);
        long[] zobrist1 = random.longs(n).toArray();
        long[] zobrist2 = random.longs(n).toArray();
        long taken1 = 0, taken2 = 0;
        StateSet seen = new StateSet();
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
                if (after != ILLEGAL && seen.add(taken1 ^ zobrist1[i], taken2 ^ zobrist2[i], after)) {
                    taken1 ^= zobrist1[i];
                    taken2 ^= zobrist2[i];
                    stackEntry[depth] = entry;
                    stackState[depth++] = state;
                    state = after;
                    lift(entry, next, prev);
                    entry = next[head];
                } else {
                    entry = next[entry];
                }
                continue;
            }
            // a completion of an operation not taken: back up
            if (depth > deepest) {
                deepest = depth;
                blocked = entry >>> 1;
            }
            if (depth == 0) {
                return new Result(Verdict.NOT_LINEARIZABLE, blocked, deepest, seen.size());
            }
            int back = stackEntry[--depth];
            state = stackState[depth];
            taken1 ^= zobrist1[back >>> 1];
            taken2 ^= zobrist2[back >>> 1];
            unlift(back, next, prev);
            entry = next[back];
        }
        return new Result(Verdict.LINEARIZABLE, -1, n, seen.size());
    }

    /**
     * Links the entries in time order after the head ({@code 2n}): operation i's invocation is entry 2i, its
     * completion 2i+1; at one instant invocations come first (operations that meet there overlap).
     */
    private void link(int n, int[] next, int[] prev) {
        Integer[] order = new Integer[2 * n];
        for (int e = 0; e < 2 * n; e++) {
            order[e] = e;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Long.compare(time(a), time(b));
            return c != 0 ? c : Integer.compare(a & 1, b & 1);
        });
        int last = 2 * n;
        for (Integer e : order) {
            next[last] = e;
            prev[e] = last;
            last = e;
        }
        next[last] = NIL;
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

    /** The states visited: (hash of the operations taken, register value), in open addressing. */
    private static final class StateSet {

        private long[] slots = new long[3 * 1024]; // hash1, hash2, value + 1 (0: empty)
        private int size;

        int size() {
            return size;
        }

        /** Adds a state; false when it was there. */
        boolean add(long hash1, long hash2, int value) {
            if (3L * (size + 1) * 2 > slots.length) {
                grow();
            }
            return put(slots, hash1, hash2, value + 1L);
        }

        private boolean put(long[] table, long hash1, long hash2, long value) {
            int capacity = table.length / 3;
            int i = (int) ((hash1 ^ (hash2 >>> 17) ^ value * 0x9E3779B97F4A7C15L) & (capacity - 1));
            while (true) {
                int at = 3 * i;
                if (table[at + 2] == 0) {
                    table[at] = hash1;
                    table[at + 1] = hash2;
                    table[at + 2] = value;
                    if (table == slots) {
                        size++;
                    }
                    return true;
                }
                if (table[at] == hash1 && table[at + 1] == hash2 && table[at + 2] == value) {
                    return false;
                }
                i = (i + 1) & (capacity - 1);
            }
        }

        private void grow() {
            long[] old = slots;
            long[] bigger = new long[old.length * 2];
            for (int at = 0; at < old.length; at += 3) {
                if (old[at + 2] != 0) {
                    put(bigger, old[at], old[at + 1], old[at + 2]);
                }
            }
            slots = bigger;
        }
    }
}
