package io.s3workload.report.analyze;

import io.s3workload.ground.Durations;
import io.s3workload.workload.yaml.Suggestions;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code analyze}'s options as a {@link OpsAnalysis.Slice}, by their names without the dashes ({@code stage},
 * {@code op}, {@code endpoint}, {@code host}, {@code skip}, {@code segment}, {@code from}, {@code to}, {@code by},
 * {@code first-access}, {@code own}): the same for the command line and for the page of {@code analyze --web}. A
 * bad value or an unknown name is an {@link IllegalArgumentException} that names the option.
 */
public final class SliceOptions {

    /** The names, in the order the page's form has them. */
    public static final Set<String> NAMES = new LinkedHashSet<>(List.of("stage", "op", "endpoint",
            "host", "skip", "segment", "from", "to", "by", "first-access", "own"));

    private SliceOptions() {
    }

    /** The slice {@code options} ask for; absent or blank options take everything. */
    public static OpsAnalysis.Slice parse(Map<String, String> options) {
        for (String name : options.keySet()) {
            if (!NAMES.contains(name)) {
                throw new IllegalArgumentException("unknown option '" + name + "'"
                        + Suggestions.didYouMean(name, NAMES) + "; expected "
                        + String.join(", ", NAMES));
            }
        }
        return new OpsAnalysis.Slice(text(options, "stage"), text(options, "op"), text(options, "endpoint"),
                text(options, "host"), micros("--skip", options.get("skip")), micros("--segment", options.get("segment")),
                instant("--from", options.get("from"), Long.MIN_VALUE), instant("--to", options.get("to"), Long.MAX_VALUE),
                by(options.get("by")), flag(options, "first-access"), flag(options, "own"));
    }

    private static Optional<String> text(Map<String, String> options, String name) {
        return Optional.ofNullable(options.get(name)).map(String::trim).filter(v -> !v.isEmpty());
    }

    private static boolean flag(Map<String, String> options, String name) {
        String value = options.get(name);
        return value != null && !value.equalsIgnoreCase("false");
    }

    private static Optional<OpsAnalysis.By> by(String by) {
        if (by == null || by.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(OpsAnalysis.By.of(by.trim()).orElseThrow(() -> new IllegalArgumentException("--by: unknown "
                + "column '" + by + "'; expected one of " + String.join(", ", Arrays.stream(OpsAnalysis.By.values())
                .map(OpsAnalysis.By::key).toList()))));
    }

    private static long micros(String option, String text) {
        if (text == null || text.isBlank()) {
            return 0;
        }
        Duration d = Durations.parse(text.trim()).filter(x -> !x.isNegative()).orElseThrow(() ->
                new IllegalArgumentException(option + ": expected a duration such as 30s or 500ms, got \"" + text + "\""));
        return d.toNanos() / 1_000;
    }

    private static long instant(String option, String text, long none) {
        if (text == null || text.isBlank()) {
            return none;
        }
        try {
            Instant t = Instant.parse(text.trim());
            return t.getEpochSecond() * 1_000_000 + t.getNano() / 1_000;
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(option + ": expected a UTC time such as 2026-11-26T12:03:10Z, got \""
                    + text + "\"");
        }
    }
}
