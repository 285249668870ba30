package io.s3workload.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Lists against the set of keys present: a key whose write ended before a list began must be listed unless a
 * delete could have taken effect after that write and before the list ended; a key listed must have had a write
 * that could take effect before the list ended, after the last delete that surely ended before the list began.
 * Each key's writes and deletes are indexed once (sorted, with running maxima), so a list costs a few binary
 * searches a key.
 */
final class ListCheck {

    private ListCheck() {
    }

    /** Every omission and ghost of {@code lists} (a key's each time a list gets it wrong), over {@code byKey}'s keys. */
    static List<Anomaly> find(List<Op> lists, Map<String, List<Op>> byKey) {
        List<Anomaly> found = new ArrayList<>();
        if (lists.isEmpty()) {
            return found;
        }
        Map<String, KeyIndex> index = new HashMap<>();
        byKey.forEach((key, ops) -> index.put(key, new KeyIndex(ops)));
        for (Op list : lists) {
            index.forEach((key, keyIndex) -> {
                if (list.listed().contains(key)) {
                    keyIndex.ghost(list, key, found);
                } else {
                    keyIndex.omission(list, key, found);
                }
            });
            for (String key : list.listed()) {
                if (!byKey.containsKey(key)) { // a key no operation of the history named
                    found.add(new Anomaly(Anomaly.Kind.LIST_GHOST, key, List.of(list)));
                }
            }
        }
        return found;
    }

    /** One key's operations, sorted four ways for the questions a list asks. */
    private static final class KeyIndex {

        /** Writes that surely took effect, by completion; the one begun last among the first i. */
        private final Running writes;
        /** Deletes that may have taken effect, by invocation; the one completed last among the first i. */
        private final Running deletes;
        /** Deletes that surely took effect, by completion; the one begun last among the first i. */
        private final Running done;
        /** Writes that may have taken effect, by invocation; the one completed last among the first i. */
        private final Running writers;

        KeyIndex(List<Op> ops) {
            writes = new Running(ops, o -> o.writes() && o.outcome() == Op.Outcome.OK, Op::completed, Op::invoked);
            deletes = new Running(ops, o -> o.f() == Op.Fn.DELETE, Op::invoked, Op::completed);
            done = new Running(ops, o -> o.f() == Op.Fn.DELETE && o.outcome() == Op.Outcome.OK, Op::completed,
                    Op::invoked);
            writers = new Running(ops, Op::writes, Op::invoked, Op::completed);
        }

        void omission(Op list, String key, List<Anomaly> found) {
            Op write = writes.maxBefore(list.invoked()); // of the writes ended before the list, the one begun last
            if (write == null) {
                return;
            }
            Op delete = deletes.maxBefore(list.completed());
            if (delete == null || delete.completed() <= write.invoked()) {
                found.add(new Anomaly(Anomaly.Kind.LIST_OMISSION, key, List.of(write, list)));
            }
        }

        void ghost(Op list, String key, List<Anomaly> found) {
            Op writer = writers.maxBefore(list.completed());
            if (writer == null) {
                found.add(new Anomaly(Anomaly.Kind.LIST_GHOST, key, List.of(list)));
                return;
            }
            Op delete = done.maxBefore(list.invoked()); // of the deletes ended before the list, the one begun last
            if (delete != null && writer.completed() <= delete.invoked()) {
                found.add(new Anomaly(Anomaly.Kind.LIST_GHOST, key, List.of(delete, list)));
            }
        }
    }

    /**
     * Operations sorted by one time ({@code by}), with, for each prefix, the operation whose other time
     * ({@code max}) is the greatest.
     */
    private static final class Running {

        private final long[] times;
        private final Op[] best;

        Running(List<Op> ops, Predicate<Op> which, ToLongFunction<Op> by, ToLongFunction<Op> max) {
            List<Op> chosen = new ArrayList<>(ops.stream().filter(which).toList());
            chosen.sort(Comparator.comparingLong(by));
            times = new long[chosen.size()];
            best = new Op[chosen.size()];
            for (int i = 0; i < chosen.size(); i++) {
                Op op = chosen.get(i);
                times[i] = by.applyAsLong(op);
                best[i] = i > 0 && max.applyAsLong(best[i - 1]) >= max.applyAsLong(op) ? best[i - 1] : op;
            }
        }

        /** Of the operations whose sorting time is before {@code t}, the one with the greatest other time; or null. */
        Op maxBefore(long t) {
            int i = Arrays.binarySearch(times, t);
            int n = i >= 0 ? firstOf(i, t) : -i - 1; // how many are strictly before t
            return n == 0 ? null : best[n - 1];
        }

        private int firstOf(int i, long t) {
            while (i > 0 && times[i - 1] == t) {
                i--;
            }
            return i;
        }
    }
}
