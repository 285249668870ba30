package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.s3workload.workload.endpoints.Urls;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Applies {@code --set path=value} to the tree before binding. Path segments are separated by dots; under
 * {@code stages} a segment is a stage name or an index. Missing mappings are created. A list takes a comma-separated
 * value ({@code threads=1,4,16}) or a YAML flow list ({@code threads=[1, 4, 16]}), also where the workload leaves the
 * key to a default or preset. The value's location is the option itself, so binding errors name it.
 */
final class Overrides {

    /** Keys whose value is a list of scalars somewhere: a comma in their value separates. */
    static final Set<String> LIST_KEYS = Keys.lists();

    private Overrides() {
    }

    static List<Problem> apply(LocatedTree tree, List<String> assignments) {
        List<Problem> problems = new ArrayList<>();
        for (String assignment : assignments) {
            Location origin = Location.of("--set " + shown(assignment));
            int eq = assignment.indexOf('=');
            if (eq <= 0) {
                problems.add(new Problem(origin, "", "expected path=value, e.g. stages.put-1mib.concurrency=50"));
                continue;
            }
            setOne(tree, assignment.substring(0, eq).trim(), assignment.substring(eq + 1), origin)
                    .ifPresent(problems::add);
        }
        return problems;
    }

    /** The assignment as printed: a credential's value is never shown. */
    static String shown(String assignment) {
        int eq = assignment.indexOf('=');
        String path = eq < 0 ? assignment : assignment.substring(0, eq);
        return path.matches("(?i).*(accessKey|secretKey|sessionToken)\\s*") ? path + "=***" : assignment;
    }

    /** Sets a value by pointer from code (the command line's --bucket and --endpoint). */
    static void setScalar(LocatedTree tree, String pointer, String value, Location origin) {
        ObjectNode parent = tree.root();
        String[] parts = pointer.substring(1).split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            parent = parent.get(parts[i]) instanceof ObjectNode object ? object : parent.putObject(parts[i]);
        }
        parent.set(parts[parts.length - 1], TextNode.valueOf(value));
        tree.recordValue(pointer, origin);
        tree.recordKey(pointer, origin);
    }

    private static Optional<Problem> setOne(LocatedTree tree, String path, String value, Location origin) {
        String[] segments = path.split("\\.");
        JsonNode node = tree.root();
        String pointer = "";
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            boolean last = i == segments.length - 1;
            if (node instanceof ArrayNode array) {
                Optional<Integer> index = indexOf(array, segment);
                if (index.isEmpty()) {
                    return Optional.of(new Problem(origin, LocatedTree.displayPath(pointer),
                            "no element '" + segment + "'" + Suggestions.didYouMean(segment, names(array))));
                }
                pointer = pointer + "/" + index.get();
                if (last) {
                    return Optional.of(new Problem(origin, LocatedTree.displayPath(pointer),
                            "--set replaces scalar settings, not whole list elements"));
                }
                node = array.get(index.get());
            } else if (node instanceof ObjectNode object) {
                String child = LocatedTree.child(pointer, segment);
                JsonNode next = object.get(segment);
                if (last) {
                    object.set(segment, isList(value, segment, next) ? commaList(value) : TextNode.valueOf(value));
                    tree.recordValue(child, origin);
                    tree.recordKey(child, origin);
                    return Optional.empty();
                }
                if (next == null || next.isNull()) {
                    next = object.putObject(segment);
                }
                pointer = child;
                node = next;
            } else {
                return Optional.of(new Problem(origin, LocatedTree.displayPath(pointer),
                        "is a single value; cannot set '" + segment + "' inside it"));
            }
        }
        return Optional.empty();
    }

    private static boolean isList(String value, String key, JsonNode current) {
        String v = value.trim();
        return v.startsWith("[") && v.endsWith("]") || current instanceof ArrayNode
                || LIST_KEYS.contains(key) && v.contains(",");
    }

    private static ArrayNode commaList(String value) {
        String v = value.trim();
        if (v.startsWith("[") && v.endsWith("]")) {
            v = v.substring(1, v.length() - 1);
        }
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        for (String item : v.split(",")) {
            if (!item.isBlank()) {
                list.add(item.trim());
            }
        }
        return list;
    }

    private static Optional<Integer> indexOf(ArrayNode array, String segment) {
        for (int i = 0; i < array.size(); i++) {
            JsonNode name = array.get(i).get("name");
            if (name != null && segment.equals(name.asText())) {
                return Optional.of(i);
            }
        }
        if (segment.chars().allMatch(Character::isDigit) && !segment.isEmpty()) {
            int index = Integer.parseInt(segment);
            return index < array.size() ? Optional.of(index) : Optional.empty();
        }
        return Optional.empty();
    }

    private static List<String> names(ArrayNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(e -> {
            if (e.hasNonNull("name")) {
                names.add(e.get("name").asText());
            }
        });
        return names;
    }

    /**
     * {@code --endpoint URL} (the workload's one endpoint, or {@code default} when it has none) or
     * {@code --endpoint NAME=URL}: the endpoint's url replaced; the problems with the option, if any.
     */
    static List<Problem> endpoint(LocatedTree tree, String option) {
        Location origin = Location.of("--endpoint " + Urls.masked(option));
        List<String> names = new ArrayList<>();
        JsonNode endpoints = tree.root().path("endpoints");
        endpoints.fieldNames().forEachRemaining(names::add);
        int eq = option.indexOf('=');
        boolean named = eq > 0 && !option.substring(0, eq).contains(":");
        if (named) {
            String name = option.substring(0, eq);
            if (!names.contains(name)) {
                return List.of(new Problem(origin, "", "no endpoint named '" + name + "'"
                        + Suggestions.didYouMean(name, names)));
            }
            Overrides.setScalar(tree, "/endpoints/" + name + "/url", option.substring(eq + 1), origin);
        } else if (names.size() <= 1) {
            String name = names.isEmpty() ? "default" : names.get(0);
            Overrides.setScalar(tree, "/endpoints/" + name + "/url", option, origin);
        } else {
            return List.of(new Problem(origin, "", "this workload has " + names.size()
                    + " endpoints; say which to override: --endpoint NAME=URL (one of " + String.join(", ", names)
                    + ")"));
        }
        return List.of();
    }
}
