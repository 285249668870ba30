package io.s3workload.workload;

import io.s3workload.ground.Keyed;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a stage sits in the run's graph of stages.
 *
 * @param after     the stages that must end before it starts; empty: the stage written before it (none for the
 *                  first), so that a plain list runs in order
 * @param with      a stage it starts together with and stops with (a probe shadowing a load stage)
 * @param onFailure what a failure of this stage (a {@code failOn} threshold crossed) stops
 */
public record StageGraph(Optional<List<String>> after, Optional<String> with, OnFailure onFailure) {

    public static final StageGraph DEFAULT = new StageGraph(Optional.empty(), Optional.empty(),
            OnFailure.STOP_DEPENDANTS);

    public StageGraph {
        after = after.map(List::copyOf);
    }

    /** {@code stopDependants}: the stages that need this one are skipped; {@code stopRun}: the whole run stops. */
    public enum OnFailure implements Keyed {
        STOP_DEPENDANTS("stopDependants"), STOP_RUN("stopRun");

        private final String key;

        OnFailure(String key) {
            this.key = key;
        }

        @Override
        public String key() {
            return key;
        }
    }

    /**
     * The rule of the graph, written once (the loader's cross-checks ask it on the raw tree, to report a cycle where
     * it is written; the planner on the typed stages): a stage waits for the stage it runs {@code with}, else for
     * those its {@code after} names, else for the stage written before it. Returns per stage (by position of
     * {@code names} and {@code graphs}) the positions of the stages it waits for. A name no stage has is left out (the loader
     * reports it); where names repeat, the first stage of the name is meant.
     */
    public static List<List<Integer>> needs(List<String> names, List<StageGraph> graphs) {
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            position.putIfAbsent(names.get(i), i);
        }
        List<List<Integer>> needs = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            StageGraph graph = graphs.get(i);
            List<String> waitsFor = graph.with().map(List::of)
                    .orElse(graph.after().orElse(i == 0 ? List.of() : List.of(names.get(i - 1))));
            needs.add(waitsFor.stream().filter(position::containsKey).map(position::get).distinct().toList());
        }
        return needs;
    }

    /** The positions of stages that wait for each other in a cycle, in the order they wait; empty if none do. */
    public static Optional<List<Integer>> cycle(List<List<Integer>> needs) {
        int[] state = new int[needs.size()];
        for (int i = 0; i < needs.size(); i++) {
            List<Integer> cycle = cycleFrom(i, needs, state, new ArrayList<>());
            if (cycle != null) {
                return Optional.of(cycle);
            }
        }
        return Optional.empty();
    }

    /**
     * The positions in an order where each stage comes after everything it needs, the written order wherever that
     * allows; {@link IllegalStateException} on a cycle (which the loader has rejected).
     */
    public static List<Integer> order(List<List<Integer>> needs) {
        List<Integer> ordered = new ArrayList<>();
        boolean[] done = new boolean[needs.size()];
        while (ordered.size() < needs.size()) {
            int next = -1;
            for (int i = 0; i < needs.size() && next < 0; i++) {
                if (!done[i] && needs.get(i).stream().allMatch(n -> done[n])) {
                    next = i;
                }
            }
            if (next < 0) {
                throw new IllegalStateException("the stages depend on each other in a cycle");
            }
            ordered.add(next);
            done[next] = true;
        }
        return ordered;
    }

    /** Depth-first: the stages of a cycle through {@code i}'s needs, or null. */
    private static List<Integer> cycleFrom(int i, List<List<Integer>> needs, int[] state, List<Integer> path) {
        if (state[i] == 2) {
            return null;
        }
        if (state[i] == 1) {
            return new ArrayList<>(path.subList(path.indexOf(i), path.size()));
        }
        state[i] = 1;
        path.add(i);
        for (int next : needs.get(i)) {
            List<Integer> cycle = cycleFrom(next, needs, state, path);
            if (cycle != null) {
                return cycle;
            }
        }
        path.remove(path.size() - 1); // the last element, by its index
        state[i] = 2;
        return null;
    }
}
