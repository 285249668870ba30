package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.ground.DataSize;
import io.s3workload.workload.Scaled;
import io.s3workload.workload.objects.DataShape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tree being bound and the problems found so far: at most one per scalar value, so a value that is already
 * wrong (an unset variable, say) does not also produce the problems that follow from it. Mappings and lists may
 * have several (each missing key is its own problem).
 */
public final class Binding {

    private final LocatedTree tree;
    private final List<Problem> problems = new ArrayList<>();
    private final Set<String> reportedPaths = new HashSet<>();

    private final double scale;

    Binding(LocatedTree tree) {
        this(tree, 1);
    }

    /** @param scale the {@code --scale} factor, for values binders make up themselves (a sweep's preset) */
    Binding(LocatedTree tree, double scale) {
        this.tree = tree;
        this.scale = scale;
    }

    double scale() {
        return scale;
    }

    private DataShape defaultData = DataShape.UNIQUE;

    /** The workload's {@code defaults.data}: what a writing stage's bodies are made of when it does not say. */
    DataShape defaultData() {
        return defaultData;
    }

    void defaultData(DataShape shape) {
        defaultData = shape;
    }

    private final List<Scaled.Change> scaled = new ArrayList<>();

    /** {@code --scale} changed the value at {@code pointer} from {@code from} to {@code to}. */
    void scaled(String pointer, String from, String to) {
        if (!from.equals(to)) {
            scaled.add(new Scaled.Change(stagePath(pointer), from, to));
        }
    }

    private final List<Scaled.Change> decimal = new ArrayList<>();

    /** The size at {@code pointer} was written with a decimal unit ({@code 10 MB}) and is {@code bytes}. */
    void decimal(String pointer, String text, DataSize size) {
        decimal.add(new Scaled.Change(stagePath(pointer), text.trim(), size.toString()));
    }

    /** What {@code --scale} changed, so far, and the sizes read as decimal. */
    Scaled scaled() {
        return new Scaled(scale, scaled, decimal);
    }

    /** {@code stages.put.sizes[0]} for {@code /stages/0/sizes/0}: stages by name, as --set addresses them. */
    String stagePath(String pointer) {
        StringBuilder path = new StringBuilder();
        JsonNode node = tree.root();
        String[] parts = pointer.split("/");
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i];
            JsonNode child = node.isArray() ? node.path(Integer.parseInt(part))
                    : node.path(part);
            if (node.isArray() && child.path("name").isTextual()) {
                path.append('.').append(child.get("name").textValue());
            } else if (node.isArray()) {
                path.append('[').append(part).append(']');
            } else {
                path.append(path.isEmpty() ? "" : ".").append(part);
            }
            node = child;
        }
        return path.toString();
    }

    private final Map<String, List<WrittenStage>> inside = new HashMap<>();

    /** {@code stage} is written inside the stage at {@code outer} (a member, a compare's stage, a load). */
    void wroteInside(String outer, WrittenStage stage) {
        inside.computeIfAbsent(outer, k -> new ArrayList<>()).add(stage);
    }

    /** The stages written inside the stage at {@code outer}, in order, as far as they bound. */
    List<WrittenStage> writtenInside(String outer) {
        return inside.getOrDefault(outer, List.of());
    }

    public LocatedTree tree() {
        return tree;
    }

    /** A problem with the value at {@code pointer}. */
    public void problem(String pointer, String message) {
        add(pointer, new Problem(tree.valueLocation(pointer), LocatedTree.displayPath(pointer), message));
    }

    /** A problem with the key of the entry at {@code pointer} (unknown or duplicate keys). */
    public void keyProblem(String pointer, String message) {
        add(null, new Problem(tree.keyLocation(pointer), LocatedTree.displayPath(pointer), message));
    }

    /** Problems found before binding (substitution, overrides): each is about a scalar value. */
    void addAll(List<Problem> more) {
        more.forEach(p -> {
            if (reportedPaths.add(p.path())) {
                problems.add(p);
            }
        });
    }

    private void add(String pointer, Problem problem) {
        boolean scalar = pointer != null && tree.at(pointer).isValueNode();
        if (!scalar || reportedPaths.add(problem.path())) {
            problems.add(problem);
        }
    }

    public List<Problem> problems() {
        return problems;
    }
}
