package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.Durations;
import io.s3workload.workload.Defaults;
import io.s3workload.workload.StageKind;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code --scale F}: shrinks (or grows) a workload's stages consistently before binding, so that any workload runs
 * in seconds against the embedded server. The sizes, counts and durations {@link Keys} marks as scaled ({@code size},
 * {@code chunk}, multipart {@code partSize}, range bounds; {@code objects}, {@code operations}; {@code duration}, a
 * ramp step's {@code over}, ...) are multiplied by F, wherever their name is written. Workers, rates, timeouts, poll intervals and think times are physics, not
 * size, and stay. Values given with {@code --set} stay as given. Limits: durations at least 500 ms, counts at least
 * 1, sizes at least 1 byte (and whole KiB from 1 KiB up), part sizes at least S3's 5 MiB minimum, and a put stage's
 * {@code objects} at least its workers (as many as it had, when fewer), so that scaling down does not make workers
 * write one key at once.
 */
final class Scaling {

    private static final Set<String> SIZES = Keys.scaled(Keys.Scale.SIZE);
    private static final Set<String> COUNTS = Keys.scaled(Keys.Scale.COUNT);
    private static final Set<String> DURATIONS = Keys.scaled(Keys.Scale.DURATION);
    private static final Duration MIN_DURATION = Duration.ofMillis(500);
    private static final long MIN_PART_BYTES = 5L * 1024 * 1024;

    private final LocatedTree tree;
    private final double factor;
    /** Told every value this changes (null: nobody asks). */
    private final Binding binding;
    /**
     * The workers of the stage being walked when its workers write keys of their own (a put; 0 otherwise): its
     * scaled objects stay at least these.
     */
    private long putWorkers;

    private Scaling(LocatedTree tree, double factor, Binding binding) {
        this.tree = tree;
        this.factor = factor;
        this.binding = binding;
    }

    /** Scales the stages of {@code tree} by {@code factor} (1: unchanged), telling {@code binding} what changed. */
    static void apply(LocatedTree tree, double factor, Binding binding) {
        if (factor != 1 && tree.root().get("stages") instanceof ArrayNode stages) {
            new Scaling(tree, factor, binding).walk(stages, "/stages", null);
        }
    }

    private void walk(JsonNode node, String pointer, String key) {
        if (node instanceof ObjectNode object && object.has("kind")) {
            long outer = putWorkers;
            putWorkers = StageKind.fromKey(object.path("kind").asText(""))
                    .filter(kind -> kind.has(StageKind.Trait.KEYS_PER_WORKER))
                    .isPresent() ? workers(object) : 0;
            walkFields(object, pointer);
            putWorkers = outer;
        } else if (node instanceof ObjectNode object) {
            walkFields(object, pointer);
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                String child = pointer + "/" + i;
                if (array.get(i).isTextual() && key != null) {
                    int index = i;
                    scaled(key, array.get(i).textValue(), child).ifPresent(v -> array.set(index, v));
                } else {
                    walk(array.get(i), child, key);
                }
            }
        }
    }

    /** A stage's workers: its concurrency, else the workload's default (0 when neither is a plain number). */
    private long workers(ObjectNode stage) {
        String text = stage.has("concurrency") ? stage.path("concurrency").asText("")
                : tree.root().path("defaults").path("concurrency").asText(
                        Integer.toString(Defaults.CONCURRENCY));
        try {
            return Long.parseLong(text.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private void walkFields(ObjectNode object, String pointer) {
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String child = LocatedTree.child(pointer, e.getKey());
            if (e.getValue().isTextual()) {
                scaled(e.getKey(), e.getValue().textValue(), child).ifPresent(v -> object.set(e.getKey(), v));
            } else {
                walk(e.getValue(), child, e.getKey());
            }
        }
    }

    private Optional<TextNode> scaled(String key, String text, String pointer) {
        Optional<TextNode> scaled = scaledValue(key, text, pointer);
        scaled.ifPresent(v -> binding.scaled(pointer, text.strip(), shown(key, v.textValue())));
        return scaled;
    }

    /** A scaled value as people read it: sizes with their unit (51 KiB), the rest as written. */
    private static String shown(String key, String value) {
        return SIZES.contains(key) ? DataSize.ofBytes(Long.parseLong(value)).toString() : value;
    }

    private Optional<TextNode> scaledValue(String key, String text, String pointer) {
        if (tree.valueLocation(pointer).line() == 0) {
            return Optional.empty();
        }
        if (SIZES.contains(key)) {
            return DataSize.parse(text).map(size -> TextNode.valueOf(Long.toString(
                    size(size.bytes(), key.equals("partSize")))));
        }
        if (COUNTS.contains(key)) {
            try {
                long n = Long.parseLong(text.trim().replace("_", ""));
                long scaled = key.equals("objects") ? Math.max(count(n), Math.min(n, putWorkers)) : count(n);
                return Optional.of(TextNode.valueOf(Long.toString(scaled)));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        if (DURATIONS.contains(key)) {
            return Durations.parse(text).filter(d -> !d.isZero())
                    .map(d -> TextNode.valueOf(Durations.format(duration(d))));
        }
        return Optional.empty();
    }

    /** Scaled sizes of a KiB or more are whole KiB, so that they read as 10 KiB rather than 10.24 KiB. */
    private long size(long bytes, boolean part) {
        long exact = Math.max(1, Math.round(bytes * factor));
        long scaled = exact >= 1024 ? Math.round(exact / 1024.0) * 1024 : exact;
        return part ? Math.max(MIN_PART_BYTES, scaled) : scaled;
    }

    private long count(long n) {
        return Math.max(1, Math.round(n * factor));
    }

    private Duration duration(Duration d) {
        Duration scaled = Duration.ofNanos(Math.round(d.toNanos() * factor));
        return scaled.compareTo(MIN_DURATION) < 0 ? MIN_DURATION : scaled;
    }

    /** A sweep preset's sizes, counts and durations scaled the same way. */
    static long scaleBytes(long bytes, double factor) {
        return new Scaling(null, factor, null).size(bytes, false);
    }

    static long scaleCount(long n, double factor) {
        return new Scaling(null, factor, null).count(n);
    }

    static Duration scaleDuration(Duration d, double factor) {
        return new Scaling(null, factor, null).duration(d);
    }
}
