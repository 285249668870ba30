package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces {@code ${VAR}} and {@code ${VAR:-default}} in every scalar with the environment's value; {@code $${}
 * writes a literal {@code ${}. An unset variable without a default is a problem at the scalar's position.
 */
final class Substitution {

    private static final Pattern VARIABLE =
            Pattern.compile("\\$\\$\\{|\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?}|\\$\\{([^}]*)}?");

    private final Function<String, String> environment;
    private final LocatedTree tree;
    private final List<Problem> problems = new ArrayList<>();

    private Substitution(Map<String, String> environment, LocatedTree tree) {
        this.environment = environment::get;
        this.tree = tree;
    }

    static List<Problem> apply(LocatedTree tree, Map<String, String> environment) {
        Substitution s = new Substitution(environment, tree);
        s.walk(tree.root(), "");
        return s.problems;
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
                        + "'; expected ${NAME} or ${NAME:-default}"));
                replacement = "";
            } else {
                String value = environment.apply(m.group(1));
                if (value == null && m.group(2) == null) {
                    problems.add(problem(pointer, "environment variable " + m.group(1)
                            + " is not set (export it, or write ${" + m.group(1) + ":-default})"));
                    replacement = "";
                } else {
                    replacement = value != null ? value : m.group(2);
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
