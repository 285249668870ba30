package io.s3workload.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Names what is wrong with a key's operations when the search found no order for them: each pattern it looks for
 * is by itself a proof that none exists (it relies on each write writing a value of its own, as a history stage's
 * do; a value written twice is left to the search). Each operation is the last of one witness at most.
 */
final class AnomalyFinder {

    private final String key;
    private final List<Op> ops;
    /** The operations that write (or may have written) each value. */
    private final Map<String, List<Op>> writers = new HashMap<>();
    private final List<Anomaly> found = new ArrayList<>();

    private AnomalyFinder(String key, List<Op> ops) {
        this.key = key;
        this.ops = ops;
        for (Op op : ops) {
            if (op.writes()) {
                writers.computeIfAbsent(op.value(), v -> new ArrayList<>()).add(op);
            }
        }
    }

    /** The anomalies {@code ops} (one key's, in invocation order) show. */
    static List<Anomaly> find(String key, List<Op> ops) {
        AnomalyFinder finder = new AnomalyFinder(key, ops);
        for (Op op : ops) {
            if (op.outcome() != Op.Outcome.OK) {
                continue;
            }
            switch (op.f()) {
                case READ -> finder.read(op);
                case CAS -> finder.compareAndSet(op);
                case CREATE -> finder.create(op);
                default -> {
                }
            }
        }
        return finder.found;
    }

    private void read(Op read) {
        if (read.value() == null) {
            // nothing there, though a write surely ended before and no delete could come between
            definiteWrites().filter(w -> w.before(read) && noDeleteBetween(w, read)).findFirst()
                    .ifPresent(w -> add(Anomaly.Kind.STALE_READ, w, read));
            return;
        }
        List<Op> from = writers.getOrDefault(read.value(), List.of());
        if (from.isEmpty()) {
            add(Anomaly.Kind.TORN_READ, read);
            return;
        }
        if (from.stream().allMatch(read::before)) {
            add(Anomaly.Kind.TORN_READ, read, from.get(0));
            return;
        }
        if (from.size() > 1) {
            return;
        }
        Op write = from.get(0);
        superseded(write, read).ifPresent(later -> add(later.f() == Op.Fn.DELETE ? Anomaly.Kind.RESURRECTION
                : Anomaly.Kind.STALE_READ, write, later, read));
    }

    private void compareAndSet(Op cas) {
        List<Op> from = writers.getOrDefault(cas.expected(), List.of());
        if (from.size() != 1) {
            return;
        }
        Op write = from.get(0);
        for (Op other : ops) { // an earlier compare-and-set from the same value: one of the two had to fail
            if (other.id() < cas.id() && other.f() == Op.Fn.CAS && other.outcome() == Op.Outcome.OK
                    && cas.expected().equals(other.expected())) {
                add(Anomaly.Kind.LOST_UPDATE, write, other, cas);
                return;
            }
        }
        superseded(write, cas).ifPresent(later -> add(Anomaly.Kind.LOST_UPDATE, write, later, cas));
    }

    private void create(Op create) {
        for (Op other : ops) {
            if (other.id() < create.id() && other.f() == Op.Fn.CREATE && other.outcome() == Op.Outcome.OK
                    && noDeleteAround(other, create)) { // an earlier create: one of the two had to fail
                add(Anomaly.Kind.DOUBLE_CREATE, other, create);
                return;
            }
        }
        definiteWrites().filter(w -> w != create && w.before(create) && noDeleteBetween(w, create)).findFirst()
                .ifPresent(w -> add(Anomaly.Kind.DOUBLE_CREATE, w, create));
    }

    /** An operation that surely took effect after {@code write} and surely before {@code op} began. */
    private Optional<Op> superseded(Op write, Op op) {
        return ops.stream().filter(o -> o != write && o.outcome() == Op.Outcome.OK && (o.writes()
                || o.f() == Op.Fn.DELETE) && write.before(o) && o.before(op)).findFirst();
    }

    private Stream<Op> definiteWrites() {
        return ops.stream().filter(o -> o.writes() && o.outcome() == Op.Outcome.OK);
    }

    /** Whether no delete could take effect after {@code first} began and before {@code then} ended. */
    private boolean noDeleteBetween(Op first, Op then) {
        return ops.stream().noneMatch(d -> d.f() == Op.Fn.DELETE && d.invoked() < then.completed()
                && d.completed() > first.invoked());
    }

    /** Whether no delete could take effect between two operations, whichever came first. */
    private boolean noDeleteAround(Op a, Op b) {
        long from = Math.min(a.invoked(), b.invoked());
        long to = Math.max(a.completed(), b.completed());
        return ops.stream().noneMatch(d -> d.f() == Op.Fn.DELETE && d.invoked() < to && d.completed() > from);
    }

    private void add(Anomaly.Kind kind, Op... witness) {
        List<Op> sorted = new ArrayList<>(List.of(witness));
        sorted.sort(Comparator.comparingInt(Op::id));
        found.add(new Anomaly(kind, key, List.copyOf(sorted)));
    }
}
