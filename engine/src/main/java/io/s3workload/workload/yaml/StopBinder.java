package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.StopWhenStable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads the keys closed-loop stages share: {@code duration}, {@code operations}, {@code objects}, sizes. */
public final class StopBinder {

    private StopBinder() {
    }

    public static Stop stop(Fields f) {
        return new Stop(f.duration("duration"), f.longAtLeast("operations", 1), f.longAtLeast("objects", 1));
    }

    /**
     * {@code stopWhenStable: {window: 10s, within: 5%}} (either key may be left out), or {@code true} for the
     * defaults; only with a {@code duration}, the most the stage may run.
     */
    static Optional<StopWhenStable> whenStable(Fields f) {
        var raw = f.raw("stopWhenStable");
        if (raw == null || raw.isNull()) {
            return Optional.empty();
        }
        Optional<StopWhenStable> stable;
        var d = StopWhenStable.DEFAULT;
        if (raw.isTextual()) {
            stable = f.bool("stopWhenStable").filter(b -> b).map(b -> d);
        } else {
            stable = f.object("stopWhenStable", Keys.in(Keys.Context.STOP_WHEN_STABLE), "when to stop early, e.g. stopWhenStable: {window: 10s,"
                    + " within: 5%}").map(s -> {
                        var window = s.durationOr("window");
                        double within = s.percentOr("within");
                        if (window.toSeconds() < 2) {
                            s.binding().problem(s.child("window"), "the window holds one throughput sample a second;"
                                    + " give it at least 2s, e.g. 10s");
                        }
                        if (within <= 0) {
                            s.binding().problem(s.child("within"), "must be more than 0%, e.g. 5%");
                        }
                        return new StopWhenStable(window, within);
                    });
        }
        if (stable.isPresent() && !f.has("duration")) {
            f.binding().problem(f.child("stopWhenStable"), "stopWhenStable ends a duration-bound stage early; give"
                    + " the stage a duration (the most it may run), e.g. duration: 5m");
        }
        return stable;
    }

    public static Optional<List<SizeSpec>> sizes(Fields f) {
        if (f.has("size") && f.has("sizes")) {
            f.binding().problem(f.child("size"), "give either 'size' or 'sizes', not both");
        }
        String key = f.has("size") ? "size" : "sizes";
        JsonNode value = f.raw(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        String pointer = f.child(key);
        List<SizeSpec> sizes = new ArrayList<>();
        if (value instanceof ArrayNode array) {
            if (array.isEmpty()) {
                f.binding().problem(pointer, "must not be empty");
            }
            for (int i = 0; i < array.size(); i++) {
                size(f, pointer + "/" + i, array.get(i)).ifPresent(sizes::add);
            }
        } else {
            size(f, pointer, value).ifPresent(sizes::add);
        }
        return sizes.isEmpty() ? Optional.empty() : Optional.of(sizes);
    }

    /** One size or size range under {@code key}; empty when absent or wrong (reported). */
    public static Optional<SizeSpec> size(Fields f, String key) {
        JsonNode value = f.raw(key);
        return value == null || value.isNull() ? Optional.empty() : size(f, f.child(key), value);
    }

    private static Optional<SizeSpec> size(Fields f, String pointer, JsonNode node) {
        if (node.isTextual()) {
            return f.parseSize(pointer, node.textValue()).map(SizeSpec::of);
        }
        return Fields.of(f.binding(), pointer, node, Keys.in(Keys.Context.SIZE_RANGE), "a size (10MiB), a range {min: 1MiB, max: 6MiB}"
                + " (log: true for log-uniform), weights {weights: {4KiB: 70%, 1MiB: 30%}} or a histogram {file:"
                + " sizes.csv}").flatMap(range -> {
                    int forms = (range.has("weights") ? 1 : 0) + (range.has("file") ? 1 : 0)
                            + (range.has("min") || range.has("max") ? 1 : 0);
                    if (forms > 1) {
                        f.binding().problem(pointer, "give one of: a range (min, max), weights, or a file");
                        return Optional.empty();
                    }
                    if (range.has("weights")) {
                        return SizeDistributions.weights(range, pointer);
                    }
                    if (range.has("file")) {
                        return SizeDistributions.file(range, pointer);
                    }
                    boolean log = range.boolOr("log");
                    Optional<DataSize> min = range.size("min");
                    Optional<DataSize> max = range.size("max");
                    if (min.isEmpty() || max.isEmpty()) {
                        if (!range.has("min") || !range.has("max")) {
                            f.binding().problem(pointer, "a size range needs both 'min' and 'max'");
                        }
                        return Optional.empty();
                    }
                    if (min.get().bytes() > max.get().bytes()) {
                        f.binding().problem(pointer, "min (" + min.get() + ") is larger than max (" + max.get() + ")");
                        return Optional.empty();
                    }
                    if (log && min.get().bytes() == 0) {
                        f.binding().problem(pointer, "a log-uniform range starts above 0 bytes, e.g. min: 1KiB");
                        return Optional.empty();
                    }
                    return Optional.of(min.get().equals(max.get()) ? SizeSpec.of(min.get())
                            : log ? new SizeSpec.LogUniform(min.get(), max.get())
                            : new SizeSpec.Uniform(min.get(), max.get()));
                });
    }
}
