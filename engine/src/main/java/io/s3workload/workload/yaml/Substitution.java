package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces {@code ${VAR}} and {@code ${VAR:-default}} in every scalar with the environment's value; {@code $${}
 * writes a literal {@code ${}. An unset variable without a default is a problem at the scalar's position.
 * {@code ${VAR:?example}} is required too, and says what a value looks like; where the run replaces every endpoint
 * anyway ({@code --embedded}), the example stands in, so a dry run keeps the workload's shape (its endpoint groups).
 * Shipped workloads write their endpoints so: none falls back to someone's production service.
 */
public final class Substitution {

    private static final Pattern VARIABLE =
            Pattern.compile("\\$\\$\\{|\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*)|:\\?([^}]*))?}|\\$\\{([^}]*)}?");

    private final Function<String, String> environment;
    private final LocatedTree tree;
    private final boolean examplesStandIn;
    private final List<Problem> problems = new ArrayList<>();

    private Substitution(Map<String, String> environment, LocatedTree tree, boolean examplesStandIn) {
        this.environment = environment::get;
        this.tree = tree;
        this.examplesStandIn = examplesStandIn;
    }

    /** @param examplesStandIn the endpoints will be replaced: a {@code ${VAR:?example}} left unset takes its example */
    static List<Problem> apply(LocatedTree tree, Map<String, String> environment, boolean examplesStandIn) {
        Substitution s = new Substitution(environment, tree, examplesStandIn);
        s.walk(tree.root(), "");
        return s.problems;
    }

    /** The variables of {@code ${VAR:?example}} references in {@code text} that {@code environment} leaves unset. */
    public static Set<String> unsetRequired(String text, Map<String, String> environment) {
        Set<String> unset = new TreeSet<>();
        Matcher m = VARIABLE.matcher(text);
        while (m.find()) {
            if (m.group(1) != null && m.group(3) != null && environment.get(m.group(1)) == null) {
                unset.add(m.group(1));
            }
        }
        return unset;
    }

    private void walk(JsonNode node, String pointer) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode value = object.get(name);
                String child = LocatedTree.child(pointer, name);
                if (value.isTextual()) {
                    object.set(name, substitute(value.textValue(), child));
                } else {
                    walk(value, child);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                String child = pointer + "/" + i;
                if (array.get(i).isTextual()) {
                    array.set(i, substitute(array.get(i).textValue(), child));
                } else {
                    walk(array.get(i), child);
                }
            }
        }
    }

    private TextNode substitute(String text, String pointer) {
        if (!text.contains("${")) {
            return TextNode.valueOf(text);
        }
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement;
            if (m.group().equals("$${")) {
                replacement = "${";
            } else if (m.group(1) == null) {
                problems.add(problem(pointer, "malformed variable reference '" + m.group()
                        + "'; expected ${NAME}, ${NAME:-default} or ${NAME:?example}"));
                replacement = "";
            } else {
                String value = environment.apply(m.group(1));
                String example = m.group(3);
                if (value != null) {
                    replacement = value;
                } else if (m.group(2) != null) {
                    replacement = m.group(2);
                } else if (example != null && examplesStandIn) {
                    replacement = example;
                } else if (example != null) {
                    problems.add(problem(pointer, "environment variable " + m.group(1) + " is not set; this"
                            + " workload needs it (e.g. " + m.group(1) + "=" + example + "), or run it with"
                            + " --embedded for a dry run on the in-process server"));
                    replacement = example;
                } else {
                    problems.add(problem(pointer, "environment variable " + m.group(1)
                            + " is not set (export it, or write ${" + m.group(1) + ":-default})"));
                    replacement = "";
                }
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return TextNode.valueOf(out.toString());
    }

    private Problem problem(String pointer, String message) {
        return new Problem(tree.valueLocation(pointer), LocatedTree.displayPath(pointer), message);
    }
}
