package io.s3workload.ground;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints durations written as {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, {@code 1m30s}. */
public final class Durations {

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|us|µs|s|m|h)");
    private static final Pattern WHOLE = Pattern.compile("^(?:\\s*\\d+(?:\\.\\d+)?\\s*(?:ms|us|µs|s|m|h))+\\s*$");

    private Durations() {
    }

    /** Parses a duration; empty when the text is not one (no unit, negative, unknown unit). */
    public static Optional<Duration> parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (!WHOLE.matcher(t).matches()) {
            return Optional.empty();
        }
        Matcher m = PART.matcher(t);
        double nanos = 0;
        while (m.find()) {
            double value = Double.parseDouble(m.group(1));
            nanos += value * switch (m.group(2)) {
                case "us", "µs" -> 1e3;
                case "ms" -> 1e6;
                case "s" -> 1e9;
                case "m" -> 60e9;
                case "h" -> 3600e9;
                default -> throw new IllegalStateException(m.group(2));
            };
        }
        return Optional.of(Duration.ofNanos(Math.round(nanos)));
    }

    /** Short human form: {@code 30s}, {@code 5m}, {@code 1m30s}, {@code 250ms}. */
    public static String format(Duration d) {
        long millis = d.toMillis();
        if (millis < 1000) {
            return millis + "ms";
        }
        StringBuilder out = new StringBuilder();
        long hours = d.toHours();
        long minutes = d.toMinutesPart();
        double seconds = d.toSecondsPart() + d.toMillisPart() / 1000.0;
        if (hours > 0) {
            out.append(hours).append('h');
        }
        if (minutes > 0) {
            out.append(minutes).append('m');
        }
        if (seconds > 0) {
            out.append(seconds == Math.rint(seconds)
                    ? Long.toString((long) seconds)
                    : String.format(Locale.ROOT, "%.1f", seconds)).append('s');
        }
        return out.toString();
    }
}
