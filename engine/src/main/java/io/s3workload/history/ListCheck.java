package io.s3workload.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lists against the set of keys present: a key whose write ended before a list began must be listed unless a
 * delete could have taken effect after that write and before the list ended; a key listed must have had a write
 * that could take effect before the list ended, after the last delete that surely ended before the list began.
 */
final class ListCheck {

    private ListCheck() {
    }

    /** Every omission and ghost of {@code lists} (a key's each time a list gets it wrong), over {@code byKey}'s keys. */
    static List<Anomaly> find(List<Op> lists, Map<String, List<Op>> byKey) {
        List<Anomaly> found = new ArrayList<>();
        for (Op list : lists) {
            for (var entry : byKey.entrySet()) {
                String key = entry.getKey();
                List<Op> ops = entry.getValue();
                if (list.listed().contains(key)) {
                    ghost(list, key, ops).ifPresent(found::add);
                } else {
                    omission(list, key, ops).ifPresent(found::add);
                }
            }
            for (String key : list.listed()) {
                if (!byKey.containsKey(key)) { // a key no operation of the history named
                    found.add(new Anomaly(Anomaly.Kind.LIST_GHOST, key, List.of(list)));
                }
            }
        }
        return found;
    }

    private static java.util.Optional<Anomaly> omission(Op list, String key, List<Op> ops) {
        Op write = null; // of the writes that ended before the list began, the one begun last
        for (Op op : ops) {
            if (op.writes() && op.outcome() == Op.Outcome.OK && op.before(list)
                    && (write == null || op.invoked() > write.invoked())) {
                write = op;
            }
        }
        if (write == null) {
            return java.util.Optional.empty();
        }
        for (Op op : ops) {
            if (op.f() == Op.Fn.DELETE && op.invoked() < list.completed() && op.completed() > write.invoked()) {
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of(new Anomaly(Anomaly.Kind.LIST_OMISSION, key, List.of(write, list)));
    }

    private static java.util.Optional<Anomaly> ghost(Op list, String key, List<Op> ops) {
        Op delete = null; // of the deletes that ended before the list began, the one begun last
        boolean written = false;
        for (Op op : ops) {
            if (op.f() == Op.Fn.DELETE && op.outcome() == Op.Outcome.OK && op.before(list)
                    && (delete == null || op.invoked() > delete.invoked())) {
                delete = op;
            }
            written |= op.writes() && op.invoked() < list.completed();
        }
        if (!written) {
            return java.util.Optional.of(new Anomaly(Anomaly.Kind.LIST_GHOST, key, List.of(list)));
        }
        if (delete == null) {
            return java.util.Optional.empty();
        }
        for (Op op : ops) {
            if (op.writes() && op.invoked() < list.completed() && op.completed() > delete.invoked()) {
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of(new Anomaly(Anomaly.Kind.LIST_GHOST, key, List.of(delete, list)));
    }

}
