package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.workload.objects.Access;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code access}: how a reading stage picks its keys. {@code roundRobin} (the default) or {@code random}, or one
 * key's mapping: {@code {zipf: 1.1}}, {@code {hotspot: {keys: 10%, share: 90%}}}.
 */
final class AccessBinder {

    static final List<String> NAMES = Stream.concat(Access.WORDS.stream(),
            Stream.of("zipf", "hotspot")).toList();
    /** A Zipf exponent beyond this sends all but a handful of reads to the first key. */
    static final double MAX_ZIPF = 10;

    private AccessBinder() {
    }

    static Access access(Fields f, Access byDefault) {
        JsonNode raw = f.raw("access");
        if (raw == null || raw.isNull()) {
            return byDefault;
        }
        String at = f.child("access");
        if (raw.isTextual()) {
            String text = raw.textValue().trim();
            return switch (text) {
                case "roundRobin" -> Access.ROUND_ROBIN;
                case "random" -> new Access.Uniform();
                case "zipf", "hotspot" -> {
                    f.binding().problem(at, text.equals("zipf") ? "zipf needs its exponent: access: {zipf: 1.1}"
                            : "hotspot needs its hot set: access: {hotspot: {keys: 10%, share: 90%}}");
                    yield Access.ROUND_ROBIN;
                }
                default -> {
                    f.binding().problem(at, "expected roundRobin, random, {zipf: EXPONENT} or {hotspot: {keys: 10%,"
                            + " share: 90%}}, got \"" + text + "\"" + Suggestions.didYouMean(text, NAMES));
                    yield Access.ROUND_ROBIN;
                }
            };
        }
        if (!raw.isObject() || raw.size() != 1) {
            f.binding().problem(at, "expected roundRobin, random, or one of {zipf: 1.1} and {hotspot: {keys: 10%,"
                    + " share: 90%}}, got " + Fields.describe(raw));
            return Access.ROUND_ROBIN;
        }
        return f.object("access", Keys.in(Keys.Context.ACCESS), "how keys are picked").map(a -> a.has("zipf")
                ? zipf(a) : hotspot(a)).orElse(Access.ROUND_ROBIN);
    }

    private static Access zipf(Fields a) {
        return a.text("zipf").map(text -> {
            try {
                double exponent = Double.parseDouble(text.trim());
                if (exponent > 0 && exponent <= MAX_ZIPF) {
                    return (Access) new Access.Zipf(exponent);
                }
                a.binding().problem(a.child("zipf"), "expected an exponent above 0 and at most " + (int) MAX_ZIPF
                        + ", e.g. 1.1 (the r-th most read key is read in proportion to r^-exponent), got " + text);
            } catch (NumberFormatException e) {
                a.binding().problem(a.child("zipf"), "expected an exponent such as 1.1, got \"" + text + "\"");
            }
            return Access.ROUND_ROBIN;
        }).orElse(Access.ROUND_ROBIN);
    }

    private static Access hotspot(Fields a) {
        return a.object("hotspot", Keys.in(Keys.Context.HOTSPOT), "the hot set, e.g. {keys: 10%, share: 90%}").map(h -> {
            var keys = h.percent("keys");
            var share = h.percent("share");
            if (!h.has("keys") || !h.has("share")) {
                h.binding().problem(h.pointer(), "give both: keys (how many of the keys are hot, e.g. 10%) and"
                        + " share (how many of the reads they take, e.g. 90%)");
                return (Access) Access.ROUND_ROBIN;
            }
            if (keys.isPresent() && (keys.getAsDouble() <= 0 || keys.getAsDouble() >= 100)) {
                h.binding().problem(h.child("keys"), "expected more than 0% and less than 100% of the keys, got "
                        + keys.getAsDouble() + "%");
                return Access.ROUND_ROBIN;
            }
            if (keys.isEmpty() || share.isEmpty()) {
                return Access.ROUND_ROBIN;
            }
            return new Access.Hotspot(keys.getAsDouble() / 100, share.getAsDouble() / 100);
        }).orElse(Access.ROUND_ROBIN);
    }
}
