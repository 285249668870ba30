package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.Durations;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.ObjectSettings;
import io.s3workload.workload.objects.ObjectSettings.Checksum;
import io.s3workload.workload.objects.ObjectSettings.Retention;
import io.s3workload.workload.objects.ObjectSettings.Sse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a writing stage stores with each object: {@code sse}, {@code storageClass}, {@code metadata},
 * {@code objectTags} and {@code checksum}, checked against S3's limits where they are fixed (2 KiB of user metadata,
 * 10 tags of 128/256 characters).
 */
public final class ObjectSettingsBinder {

    public static final Set<String> KEYS = Set.of("sse", "storageClass", "metadata", "objectTags", "checksum", "data",
            "retention", "legalHold");
    private static final Pattern STORAGE_CLASS = Pattern.compile("[A-Z0-9_]+");
    /** S3 limits user metadata to 2 KiB (names and values). */
    private static final long METADATA_BYTES = 2048;

    private ObjectSettingsBinder() {
    }

    public static ObjectSettings settings(Fields f) {
        Optional<Sse> sse = sse(f);
        Optional<String> storageClass = f.text("storageClass").map(String::trim).filter(c -> {
            if (!STORAGE_CLASS.matcher(c).matches()) {
                f.binding().problem(f.child("storageClass"), "expected a storage class in capitals, e.g. STANDARD,"
                        + " STANDARD_IA, GLACIER_IR, REDUCED_REDUNDANCY; got \"" + c + "\"");
                return false;
            }
            return true;
        });
        Map<String, ObjectSettings.Value> metadata = metadata(f);
        Map<String, String> tags = tags(f);
        Checksum checksum = f.text("checksum").map(text -> {
            String t = text.trim().toLowerCase(Locale.ROOT).replace("-", "");
            Optional<Checksum> c = Arrays.stream(Checksum.values()).filter(v -> v.key().equals(t)).findFirst();
            if (c.isEmpty()) {
                String hint = t.equals("always") || t.equals("whenrequired")
                        ? " (did you mean checksums: " + text.trim() + ", the SDK's own checksum policy?)"
                        : Suggestions.didYouMean(text.trim(), Checksum.keys());
                f.binding().problem(f.child("checksum"), "expected one of " + String.join(", ", Checksum.keys())
                        + ", got \"" + text + "\"" + hint);
            }
            return c.orElse(Checksum.NONE);
        }).orElse(Checksum.NONE);
        Optional<Retention> retention = retention(f);
        boolean legalHold = f.boolOr("legalHold");
        if ((retention.isPresent() || legalHold) && checksum == Checksum.NONE) {
            checksum = Checksum.MD5; // S3 takes object lock headers only on a PUT whose body is checked
        }
        return new ObjectSettings(sse, storageClass, metadata, tags, checksum, data(f), retention, legalHold);
    }

    /**
     * {@code retention: {mode: governance|compliance, for: DURATION}}; compliance retention at most
     * {@link Retention#MOST_COMPLIANCE}, since nobody can lift it and the cleanup waits it out.
     */
    private static Optional<Retention> retention(Fields f) {
        return f.object("retention", Keys.in(Keys.Context.RETENTION), "object lock retention, e.g. {mode:"
                + " governance, for: 1h}").flatMap(r -> {
                    Optional<Retention.Mode> mode = r.requiredText("mode", "governance or compliance")
                            .flatMap(text -> {
                                Optional<Retention.Mode> m = Arrays.stream(Retention.Mode.values())
                                        .filter(v -> v.key().equals(text.trim())).findFirst();
                                if (m.isEmpty()) {
                                    r.binding().problem(r.child("mode"), "expected governance or compliance, got \""
                                            + text + "\"" + Suggestions.didYouMean(text.trim(),
                                            Arrays.stream(Retention.Mode.values()).map(Retention.Mode::key)
                                                    .toList()));
                                }
                                return m;
                            });
                    Optional<Duration> period = r.duration("for");
                    if (!r.mentions("for")) {
                        r.binding().problem(r.pointer(), "missing 'for': how long each object is retained after"
                                + " its write, e.g. for: 1h");
                    }
                    period.filter(p -> p.compareTo(Duration.ofSeconds(1)) < 0).ifPresent(p -> r.binding()
                            .problem(r.child("for"), "a retention is set in whole seconds: at least 1s"));
                    if (mode.filter(m -> m == Retention.Mode.COMPLIANCE).isPresent() && period.filter(p -> p
                            .compareTo(Retention.MOST_COMPLIANCE) > 0).isPresent()) {
                        r.binding().problem(r.child("for"), "compliance retention cannot be lifted by anyone, so the"
                                + " cleanup waits it out: at most " + Durations.format(
                                Retention.MOST_COMPLIANCE) + " (governance retention, which the cleanup bypasses,"
                                + " may be as long as you like)");
                    }
                    return mode.flatMap(m -> period.map(p -> new Retention(m, p)));
                });
    }

    /**
     * {@code data: unique} or {@code data: {compressible: 2.0, dedupe: 3.0}}: what the bodies are made of; without it,
     * the workload's {@code defaults.data}, else unique.
     */
    public static DataShape data(Fields f) {
        JsonNode raw = f.raw("data");
        if (raw == null || raw.isNull()) {
            return f.binding().defaultData();
        }
        if (raw.isTextual() && raw.textValue().trim().equals("unique")) {
            return DataShape.UNIQUE;
        }
        if (!raw.isObject()) {
            f.binding().problem(f.child("data"), "expected unique, or ratios such as {compressible: 2.0, dedupe:"
                    + " 3.0}, got " + (raw.isTextual() ? "\"" + raw.textValue() + "\"" : Fields.describe(raw))
                    + (raw.isTextual() ? Suggestions.didYouMean(raw.textValue().trim(), List.of("unique")) : ""));
            return DataShape.UNIQUE;
        }
        return f.object("data", Keys.in(Keys.Context.DATA), "what object bodies are made of").map(d -> new DataShape(
                ratio(d, "compressible", "a general-purpose compressor (zstd, gzip) shrinks each body by"),
                ratio(d, "dedupe", "fixed 4 KiB-block deduplication over the run's objects reaches"))).orElse(
                DataShape.UNIQUE);
    }

    /** A ratio above 1 and at most {@link DataShape#MAX_RATIO}: 1 when absent or wrong (the problem is reported). */
    private static double ratio(Fields d, String key, String what) {
        return d.text(key).map(text -> {
            double ratio;
            try {
                ratio = Double.parseDouble(text.trim().replaceAll("[:x]1$|x$", ""));
            } catch (NumberFormatException e) {
                d.binding().problem(d.child(key), "expected a ratio like 2.0 (" + what + " that), got \"" + text + "\"");
                return 1.0;
            }
            if (!(ratio > 1)) {
                d.binding().problem(d.child(key), "expected a ratio above 1, got " + text.trim() + " (" + what
                        + " that; 1 is the default, every byte unique: leave " + key + " out)");
                return 1.0;
            }
            if (ratio > DataShape.MAX_RATIO) {
                d.binding().problem(d.child(key), "expected a ratio of at most " + (int) DataShape.MAX_RATIO + ", got "
                        + text.trim() + " (" + what + " that; beyond " + (int) DataShape.MAX_RATIO
                        + ":1 a body is almost nothing but zeros or copies)");
                return 1.0;
            }
            return ratio;
        }).orElse(1.0);
    }

    /** {@code sse: s3|kms|c} or {@code sse: {type: kms, kmsKeyId: ID}}. */
    private static Optional<Sse> sse(Fields f) {
        JsonNode raw = f.raw("sse");
        if (raw == null || raw.isNull()) {
            return Optional.empty();
        }
        if (raw.isTextual()) {
            return sseType(f, f.child("sse"), raw.textValue()).map(t -> new Sse(t, Optional.empty()));
        }
        return f.object("sse", Keys.in(Keys.Context.SSE), "encryption, e.g. sse: s3, or sse: {type: kms, kmsKeyId: alias/bench}")
                .flatMap(s -> s.requiredText("type", "s3, kms or c").flatMap(t -> sseType(s, s.child("type"), t))
                        .map(type -> {
                            Optional<String> kmsKeyId = s.text("kmsKeyId").map(String::trim);
                            if (kmsKeyId.isPresent() && type != Sse.Type.KMS) {
                                s.binding().problem(s.child("kmsKeyId"), "kmsKeyId goes with type: kms");
                            }
                            return new Sse(type, kmsKeyId);
                        }));
    }

    private static Optional<Sse.Type> sseType(Fields f, String at, String text) {
        List<String> keys = Arrays.stream(Sse.Type.values()).map(Sse.Type::key).toList();
        String t = text.trim().toLowerCase(Locale.ROOT);
        Optional<Sse.Type> type = Arrays.stream(Sse.Type.values()).filter(v -> v.key().equals(t)).findFirst();
        if (type.isEmpty()) {
            f.binding().problem(at, "expected one of s3 (SSE-S3), kms (SSE-KMS), c (SSE-C, a random key per run),"
                    + " got \"" + text + "\"" + Suggestions.didYouMean(text.trim(), keys));
        }
        return type;
    }

    /** {@code metadata: {name: value, name: {random: 512B}}}. */
    private static Map<String, ObjectSettings.Value> metadata(Fields f) {
        Map<String, ObjectSettings.Value> metadata = new LinkedHashMap<>();
        Optional<ObjectNode> node = f.mapping("metadata", "user metadata, e.g. metadata: {owner: bench, note:"
                + " {random: 256B}}");
        if (node.isEmpty()) {
            return metadata;
        }
        long bytes = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.get().fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String at = LocatedTree.child(f.child("metadata"), e.getKey());
            if (!Fields.NAME.matcher(e.getKey()).matches()) {
                f.binding().problem(at, "metadata names use letters, digits, '.', '_' and '-', got \""
                        + e.getKey() + "\"");
                continue;
            }
            JsonNode value = e.getValue();
            if (value.isTextual()) {
                metadata.put(e.getKey(), new ObjectSettings.Value.Fixed(value.textValue()));
                bytes += e.getKey().length() + value.textValue().length();
            } else if (value instanceof ObjectNode random && random.size() == 1 && random.path("random").isTextual()) {
                Optional<DataSize> size = f.parseSize(LocatedTree.child(at, "random"), random.get("random")
                        .textValue());
                size.ifPresent(s -> metadata.put(e.getKey(), new ObjectSettings.Value.Random(s)));
                bytes += e.getKey().length() + size.map(DataSize::bytes).orElse(0L);
            } else {
                f.binding().problem(at, "expected a text or {random: SIZE}, got " + Fields.describe(value));
            }
        }
        if (bytes > METADATA_BYTES) {
            f.binding().problem(f.child("metadata"), "S3 allows 2 KiB of user metadata an object (names and values);"
                    + " this is " + bytes + " bytes");
        }
        return metadata;
    }

    /** {@code objectTags: {key: value}}: up to 10, keys up to 128 characters, values up to 256. */
    private static Map<String, String> tags(Fields f) {
        Map<String, String> tags = new LinkedHashMap<>();
        f.texts("objectTags", "object tags, e.g. objectTags: {project: bench}").forEach((key, value) -> {
            if (key.length() > 128 || value.length() > 256) {
                f.binding().problem(LocatedTree.child(f.child("objectTags"), key), "S3 tag keys are at most 128"
                        + " characters and values at most 256");
            } else {
                tags.put(key, value);
            }
        });
        if (tags.size() > 10) {
            f.binding().problem(f.child("objectTags"), "S3 allows 10 tags an object, got " + tags.size());
        }
        return tags;
    }
}
