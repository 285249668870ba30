package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.s3workload.ground.Durations;
import io.s3workload.workload.LoadShape;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/** Reads a stage's pacing: {@code rate: 500/s}, {@code ramp: [{to: 250, over: 60s}]}, {@code thinkTime}. */
public final class LoadBinder {

    private LoadBinder() {
    }

    static LoadShape load(Fields f) {
        OptionalDouble rate = f.text("rate").map(t -> rate(f, f.child("rate"), t)).orElse(OptionalDouble.empty());
        List<LoadShape.RampStep> ramp = ramp(f, rate.isPresent());
        Optional<LoadShape.ThinkTime> think = thinkTime(f);
        if (rate.isPresent() && think.isPresent()) {
            f.binding().problem(f.child("thinkTime"), "thinkTime paces a closed loop; with 'rate' operations start"
                    + " at their scheduled times, so remove one of the two");
        }
        return new LoadShape(rate, ramp, think);
    }

    /** {@code 500/s}, {@code 30000/m}, {@code 2/ms} or a bare number (per second). */
    public static OptionalDouble rate(Fields f, String pointer, String text) {
        OptionalDouble perSecond = perSecond(text);
        if (perSecond.isEmpty()) {
            f.binding().problem(pointer, "expected a rate like 500/s, 30000/m or 500 (per second), got \"" + text
                    + "\"");
        }
        return perSecond;
    }

    /** A rate as written, per second; empty when it is not one. */
    static OptionalDouble perSecond(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        double per = 1;
        int slash = t.indexOf('/');
        if (slash >= 0) {
            per = switch (t.substring(slash + 1)) {
                case "s" -> 1;
                case "m", "min" -> 60;
                case "h" -> 3600;
                case "ms" -> 0.001;
                default -> -1;
            };
            t = t.substring(0, slash);
        }
        try {
            double value = Double.parseDouble(t);
            if (per > 0 && value >= 0 && Double.isFinite(value)) {
                return OptionalDouble.of(value / per);
            }
        } catch (NumberFormatException e) {
            // not a rate
        }
        return OptionalDouble.empty();
    }

    private static List<LoadShape.RampStep> ramp(Fields f, boolean openLoop) {
        JsonNode node = f.raw("ramp");
        List<LoadShape.RampStep> steps = new ArrayList<>();
        if (node == null || node.isNull()) {
            return steps;
        }
        if (!(node instanceof ArrayNode array) || array.isEmpty()) {
            f.binding().problem(f.child("ramp"), "expected a list of steps, e.g. ramp: [{to: 250, over: 60s}]");
            return steps;
        }
        for (int i = 0; i < array.size(); i++) {
            String at = f.child("ramp") + "/" + i;
            Fields.of(f.binding(), at, array.get(i), Keys.in(Keys.Context.RAMP_STEP), "a ramp step {to: 250, over: 60s}").ifPresent(step -> {
                Optional<String> to = step.requiredText("to", openLoop ? "the rate to reach, e.g. 500/s"
                        : "the number of workers to reach");
                Optional<Duration> over = step.requiredText("over", "how long the step takes, e.g. 60s")
                        .flatMap(text -> {
                            Optional<Duration> d = Durations.parse(text);
                            if (d.isEmpty()) {
                                f.binding().problem(step.child("over"), "expected a duration like 60s or 0s (a"
                                        + " jump), got \"" + text + "\"");
                            }
                            return d;
                        });
                OptionalDouble value = to.map(t -> openLoop ? rate(step, step.child("to"), t)
                        : workers(step, t)).orElse(OptionalDouble.empty());
                if (value.isPresent() && over.isPresent()) {
                    steps.add(new LoadShape.RampStep(value.getAsDouble(), over.get()));
                }
            });
        }
        return steps;
    }

    private static OptionalDouble workers(Fields step, String text) {
        try {
            int n = Integer.parseInt(text.trim().replace("_", ""));
            if (n >= 0) {
                return OptionalDouble.of(n);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        step.binding().problem(step.child("to"), "expected a number of workers (this stage has no 'rate', so the"
                + " ramp moves its concurrency), got \"" + text + "\"");
        return OptionalDouble.empty();
    }

    private static Optional<LoadShape.ThinkTime> thinkTime(Fields f) {
        JsonNode node = f.raw("thinkTime");
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (node.isTextual()) {
            return f.duration("thinkTime").map(d -> new LoadShape.ThinkTime(d, d));
        }
        return Fields.of(f.binding(), f.child("thinkTime"), node, Keys.in(Keys.Context.PAUSE_RANGE),
                "a pause (100ms) or a range {min: 50ms, max: 200ms}").flatMap(range -> {
                    Optional<Duration> min = range.duration("min");
                    Optional<Duration> max = range.duration("max");
                    if (min.isEmpty() || max.isEmpty()) {
                        if (!range.has("min") || !range.has("max")) {
                            f.binding().problem(range.pointer(), "a thinkTime range needs both 'min' and 'max'");
                        }
                        return Optional.empty();
                    }
                    if (min.get().compareTo(max.get()) > 0) {
                        f.binding().problem(range.pointer(), "min is longer than max");
                        return Optional.empty();
                    }
                    return Optional.of(new LoadShape.ThinkTime(min.get(), max.get()));
                });
    }
}
