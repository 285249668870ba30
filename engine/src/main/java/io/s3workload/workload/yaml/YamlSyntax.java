package io.s3workload.workload.yaml;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * A YAML syntax error said in the workload's terms: where, what was expected and what was found. The parser's own
 * words ("mapping values are not allowed here", "while parsing a block collection") point at the line above the
 * mistake and say neither; the commonest mistakes, a key indented more or less than its neighbours and a tab in the
 * indentation, are recognised from the text around the parser's mark.
 */
final class YamlSyntax {

    /** A line's indentation, an optional list dash, and the key it starts with if any. */
    private static final Pattern KEY_LINE = Pattern.compile("^( *)(- +)?([^\\s:#\\[\\]{},'\"-][^:#]*?|\"[^\"]*\"|'[^']*'):(\\s|$)(.*)");

    private YamlSyntax() {
    }

    /** The problem {@code e} describes in {@code text}, at the line and column it concerns. */
    static Problem explain(String source, String text, MarkedYAMLException e) {
        Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
        List<String> lines = text.lines().toList();
        int line = mark == null ? 1 : mark.getLine() + 1;
        int column = mark == null ? 1 : mark.getColumn() + 1;
        String problem = e.getProblem() == null ? String.valueOf(e.getContext()) : e.getProblem();
        if (problem.contains("\\t(TAB)") || problem.contains("\t")) {
            int tab = line <= lines.size() ? lines.get(line - 1).indexOf('\t') : -1;
            return new Problem(new Location(source, line, tab >= 0 ? tab + 1 : column), "", "invalid YAML: expected"
                    + " spaces in the indentation, found a tab (YAML indents with spaces only)");
        }
        if (line <= lines.size() && (problem.startsWith("mapping values are not allowed")
                || problem.startsWith("expected <block end>"))) {
            String indentation = indentation(lines, line);
            if (indentation != null) {
                return new Problem(new Location(source, line, indentOf(lines.get(line - 1)) + 1), "",
                        "invalid YAML: " + indentation);
            }
        }
        return new Problem(new Location(source, line, column), "", "invalid YAML: " + problem
                + (e.getContext() != null && e.getProblem() != null ? " (" + e.getContext() + ")" : ""));
    }

    /**
     * Line {@code n}'s indentation measured against the key before it: more indented than a key that has a value
     * (YAML reads it as more of that value), or neither at that key's column nor at its parent's.
     */
    private static String indentation(List<String> lines, int n) {
        Matcher here = KEY_LINE.matcher(lines.get(n - 1));
        if (!here.matches()) {
            return null;
        }
        int previous = n - 1;
        while (previous >= 1 && (lines.get(previous - 1).isBlank() || lines.get(previous - 1).strip()
                .startsWith("#"))) {
            previous--;
        }
        if (previous < 1) {
            return null;
        }
        Matcher before = KEY_LINE.matcher(lines.get(previous - 1));
        if (!before.matches()) {
            return null;
        }
        String key = here.group(3).strip();
        String keyBefore = before.group(3).strip();
        int found = here.group(1).length() + (here.group(2) == null ? 0 : here.group(2).length());
        int expected = before.group(1).length() + (before.group(2) == null ? 0 : before.group(2).length());
        String value = before.group(5).strip();
        if (found > expected && !value.isEmpty() && !value.startsWith("#")) {
            return "expected '" + key + "' at " + spaces(expected) + ", beside '" + keyBefore + "' on line "
                    + previous + "; found it at " + spaces(found) + " (indented more, so YAML reads it as more of "
                    + keyBefore + "'s value '" + value + "')";
        }
        if (found != expected) {
            return "expected '" + key + "' at " + spaces(expected) + ", beside '" + keyBefore + "' on line "
                    + previous + " (a key of the same mapping); found it at " + spaces(found);
        }
        return null;
    }

    private static int indentOf(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    private static String spaces(int n) {
        return n + (n == 1 ? " space" : " spaces");
    }
}
