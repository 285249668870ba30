package io.s3workload.workload.yaml;

import java.util.ArrayList;
import java.util.List;

/** The tree being bound and the problems found so far. */
final class Binding {

    private final LocatedTree tree;
    private final List<Problem> problems = new ArrayList<>();

    Binding(LocatedTree tree) {
        this.tree = tree;
    }

    LocatedTree tree() {
        return tree;
    }

    /** A problem with the value at {@code pointer}. */
    void problem(String pointer, String message) {
        problems.add(new Problem(tree.valueLocation(pointer), LocatedTree.displayPath(pointer), message));
    }

    /** A problem with the key of the entry at {@code pointer} (unknown or duplicate keys). */
    void keyProblem(String pointer, String message) {
        problems.add(new Problem(tree.keyLocation(pointer), LocatedTree.displayPath(pointer), message));
    }

    void addAll(List<Problem> more) {
        problems.addAll(more);
    }

    List<Problem> problems() {
        return problems;
    }
}
