package io.s3workload.cli.terminal;

import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Help text wrapped at spaces only. picocli breaks lines where {@link java.text.BreakIterator} allows, which is also
 * after a dot or a hyphen inside a token ({@code --set stages.} / {@code put-1mib.concurrency=50}, {@code e.} /
 * {@code g.}). Here each section is rendered on one unbounded line per row and wrapped again at the help's width,
 * breaking only at spaces: a token longer than the room left goes whole onto the next line.
 */
public final class HelpWrapping {

    /** Wide enough that picocli wraps nothing: every description is one line before it is wrapped here. */
    public static final int UNWRAPPED = 4000;

    /** Sections laid out as rows of a name and its description, continued two columns past the description. */
    private static final Set<String> ROWS = Set.of(UsageMessageSpec.SECTION_KEY_PARAMETER_LIST,
            UsageMessageSpec.SECTION_KEY_OPTION_LIST, UsageMessageSpec.SECTION_KEY_COMMAND_LIST,
            UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST);

    /** A row's name (options such as {@code -h, --help} have one space inside), then two spaces or more. */
    private static final Pattern ROW = Pattern.compile("^(\\s*\\S+(?:, \\S+)?\\s{2,})\\S");

    private HelpWrapping() {
    }

    /** Wraps the help of {@code cli} and of all its subcommands at spaces only. */
    public static void apply(CommandLine cli) {
        UsageMessageSpec usage = cli.getCommandSpec().usageMessage();
        Map<String, CommandLine.IHelpSectionRenderer> sections = usage.sectionMap();
        for (Map.Entry<String, CommandLine.IHelpSectionRenderer> section : sections.entrySet()) {
            CommandLine.IHelpSectionRenderer original = section.getValue();
            String key = section.getKey();
            section.setValue(help -> {
                UsageMessageSpec spec = help.commandSpec().usageMessage();
                int width = spec.width();
                boolean auto = spec.autoWidth();
                spec.autoWidth(false).width(UNWRAPPED);
                String text;
                try {
                    text = original.render(help);
                } finally {
                    spec.width(width).autoWidth(auto);
                }
                // the synopsis follows its heading ("Usage: ") on the same line
                int heading = key.equals(UsageMessageSpec.SECTION_KEY_SYNOPSIS)
                        ? help.synopsisHeading().length() : 0;
                return wrap(text, width, heading, key, help.commandSpec().qualifiedName());
            });
        }
        cli.getSubcommands().values().forEach(HelpWrapping::apply);
    }

    /**
     * Every line of a section's {@code text} within {@code width}, broken at spaces; the first line starts at column
     * {@code startColumn} (after a heading).
     */
    static String wrap(String text, int width, int startColumn, String section, String commandName) {
        StringBuilder out = new StringBuilder();
        int end = text.endsWith("\n") ? text.length() - 1 : text.length();
        for (String line : text.substring(0, end).split("\n", -1)) {
            if (!out.isEmpty()) {
                out.append('\n');
            }
            int column = out.isEmpty() ? startColumn : 0;
            out.append(wrapLine(line, column, width, column + indent(line, section, commandName)));
        }
        return end < text.length() ? out.append('\n').toString() : out.toString();
    }

    /** Where a line's continuations begin. */
    private static int indent(String line, String section, String commandName) {
        if (section.equals(UsageMessageSpec.SECTION_KEY_SYNOPSIS)) {
            return line.startsWith(commandName + " ") ? commandName.length() + 1 : 0;
        }
        int leading = line.length() - line.stripLeading().length();
        if (ROWS.contains(section)) {
            // continued two columns past where the description begins, as picocli does: after the row's name, or at
            // the line's start for a description alone on its line (its name was too long to share it)
            Matcher row = ROW.matcher(line);
            return (row.find() ? row.group(1).length() : leading) + 2;
        }
        return leading;
    }

    private static String wrapLine(String line, int startColumn, int width, int indent) {
        if (startColumn + line.length() <= width) {
            return line;
        }
        line = line.stripTrailing();
        indent = Math.min(indent, width / 2);
        StringBuilder out = new StringBuilder();
        int leading = line.length() - line.stripLeading().length();
        out.append(line, 0, leading);
        int column = startColumn + leading;
        boolean first = true;
        for (String word : line.substring(leading).split(" ")) {
            if (word.isEmpty()) {
                // two spaces inside a row (name, then description): keep them
                out.append(' ');
                column++;
                continue;
            }
            if (!first && column + 1 + word.length() > width) {
                out.append('\n').append(" ".repeat(indent));
                column = indent;
            } else if (!first) {
                out.append(' ');
                column++;
            }
            out.append(word);
            column += word.length();
            first = false;
        }
        return out.toString();
    }
}
