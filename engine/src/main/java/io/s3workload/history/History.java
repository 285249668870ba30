package io.s3workload.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A history read from a file or recorded by a run: its operations in the order they were invoked.
 *
 * @param ops       every operation, indeterminate ones included ({@link Op#completed} {@code Long.MAX_VALUE})
 * @param processes how many processes ran them
 * @param timed     whether its times are a clock's (nanoseconds); false: line numbers, order only
 */
public record History(List<Op> ops, int processes, boolean timed) {

    /** The history of {@code ops} (numbered in any order): put in invocation order and numbered from 0. */
    public static History of(List<Op> ops, int processes, boolean timed) {
        List<Op> sorted = new ArrayList<>(ops);
        sorted.sort(Comparator.comparingLong(Op::invoked).thenComparingInt(Op::line));
        List<Op> numbered = new ArrayList<>(sorted.size());
        for (Op op : sorted) {
            numbered.add(new Op(numbered.size(), op.line(), op.process(), op.f(), op.key(), op.value(), op.expected(),
                    op.outcome(), op.invoked(), op.completed(), op.listed()));
        }
        return new History(List.copyOf(numbered), processes, timed);
    }

    /** The operations that name a key (not lists), grouped by key in invocation order. */
    public Map<String, List<Op>> byKey() {
        Map<String, List<Op>> keys = new TreeMap<>();
        for (Op op : ops) {
            if (op.f() != Op.Fn.LIST) {
                keys.computeIfAbsent(op.key(), k -> new ArrayList<>()).add(op);
            }
        }
        return keys;
    }

    /** The lists it holds. */
    public List<Op> lists() {
        return ops.stream().filter(op -> op.f() == Op.Fn.LIST).toList();
    }
}
