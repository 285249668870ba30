package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.Durations;
import io.s3workload.ground.Keyed;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads the entries of one YAML mapping, whose keys {@link Keys} describes. Unknown keys are reported (with "did you
 * mean") on construction; every read reports a wrong value as a problem and returns empty, so binding goes on and
 * all problems surface. The {@code ...Or} reads give the key's described default when it is not written.
 */
public final class Fields {

    /** A name (of a stage, an endpoint, a tag, a metadata key): letters, digits, '.', '_' and '-', not first. */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private final Binding binding;
    private final String pointer;
    private final ObjectNode node;
    private final Map<String, Key> described = new TreeMap<>();
    private final Set<String> misspelled = new HashSet<>();

    private Fields(Binding binding, String pointer, ObjectNode node, Collection<Key> keys,
                   Map<String, String> refused) {
        this.binding = binding;
        this.pointer = pointer;
        this.node = node;
        keys.forEach(k -> described.put(k.name(), k));
        Set<String> allowed = described.keySet();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (refused.containsKey(key)) {
                binding.problem(child(key), refused.get(key));
            } else if (!allowed.contains(key)) {
                Suggestions.closest(key, allowed).ifPresent(misspelled::add);
                binding.keyProblem(child(key), "unknown key '" + key + "'" + Suggestions.didYouMean(key, allowed)
                        + "; expected one of " + String.join(", ", allowed.stream().sorted().toList()));
            }
        }
    }

    /** Whether {@code key} is written, correctly or as a misspelling already reported. */
    public boolean mentions(String key) {
        return node.has(key) || misspelled.contains(key);
    }

    /** Fields of the mapping at {@code pointer}; a problem and empty if the node is not a mapping. */
    public static Optional<Fields> of(Binding binding, String pointer, JsonNode node, Collection<Key> keys, String what) {
        return of(binding, pointer, node, keys, Map.of(), what);
    }

    /**
     * As {@link #of(Binding, String, JsonNode, Collection, String)}, where {@code refused} are keys that are not
     * taken here but that a reader may expect, each with the reason it is not ({@link Keys#refused}).
     */
    public static Optional<Fields> of(Binding binding, String pointer, JsonNode node, Collection<Key> keys,
                               Map<String, String> refused, String what) {
        if (node instanceof ObjectNode object) {
            return Optional.of(new Fields(binding, pointer, object, keys, refused));
        }
        binding.problem(pointer, "expected " + what + " (a mapping of key: value), got " + describe(node));
        return Optional.empty();
    }

    public Binding binding() {
        return binding;
    }

    public String pointer() {
        return pointer;
    }

    public String child(String key) {
        return LocatedTree.child(pointer, key);
    }

    public boolean has(String key) {
        JsonNode value = node.get(key);
        return value != null && !value.isNull();
    }

    public JsonNode raw(String key) {
        return node.get(key);
    }

    public Optional<String> text(String key) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            binding.problem(child(key), "expected a single value, got " + describe(value));
            return Optional.empty();
        }
        return Optional.of(value.textValue());
    }

    public Optional<String> requiredText(String key, String what) {
        Optional<String> value = text(key);
        JsonNode raw = node.get(key);
        if (value.isEmpty() && raw == null && !misspelled.contains(key)) {
            binding.problem(pointer, "missing '" + key + "': " + what);
        } else if (value.isEmpty() && raw != null && raw.isNull()) {
            binding.problem(child(key), "'" + key + "' has no value; expected " + what);
        }
        return value;
    }

    public OptionalInt intAtLeast(String key, int min) {
        OptionalLong value = longAtLeast(key, min);
        if (value.isPresent() && value.getAsLong() > Integer.MAX_VALUE) {
            binding.problem(child(key), "expected at most " + Integer.MAX_VALUE + ", got " + value.getAsLong());
            return OptionalInt.empty();
        }
        return value.isPresent() ? OptionalInt.of((int) value.getAsLong()) : OptionalInt.empty();
    }

    public OptionalLong longAtLeast(String key, long min) {
        Optional<String> text = text(key);
        if (text.isEmpty()) {
            return OptionalLong.empty();
        }
        long value;
        try {
            value = Long.parseLong(text.get().trim().replace("_", ""));
        } catch (NumberFormatException e) {
            binding.problem(child(key), "expected a whole number, got \"" + text.get() + "\"");
            return OptionalLong.empty();
        }
        if (value < min) {
            binding.problem(child(key), "must be at least " + min + ", got " + value);
            return OptionalLong.empty();
        }
        return OptionalLong.of(value);
    }

    public Optional<Boolean> bool(String key) {
        return text(key).flatMap(t -> switch (t.trim().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on" -> Optional.of(true);
            case "false", "no", "off" -> Optional.of(false);
            default -> {
                binding.problem(child(key), "expected true or false, got \"" + t + "\"");
                yield Optional.empty();
            }
        });
    }

    public Optional<Duration> duration(String key) {
        return text(key).flatMap(t -> parseDuration(child(key), t));
    }

    public Optional<Duration> parseDuration(String at, String text) {
        Optional<Duration> d = Durations.parse(text);
        if (d.isEmpty()) {
            binding.problem(at, "expected a duration like 30s, 5m, 1h or 500ms, got \"" + text + "\""
                    + (text.trim().startsWith("-") ? " (durations cannot be negative)" : ""));
        } else if (d.get().isZero()) {
            binding.problem(at, "must be longer than zero, got \"" + text + "\"");
            return Optional.empty();
        }
        return d;
    }

    public Optional<DataSize> size(String key) {
        return text(key).flatMap(t -> parseSize(child(key), t));
    }

    public Optional<DataSize> parseSize(String at, String text) {
        Optional<DataSize> size = DataSize.parse(text);
        if (size.isEmpty()) {
            binding.problem(at, "expected a size like 10MiB, 512KiB, 1GiB or a number of bytes, got \"" + text
                    + "\"" + (text.trim().startsWith("-") ? " (sizes cannot be negative)" : ""));
        } else if (DataSize.isDecimal(text)) {
            binding.decimal(at, text, size.get());
        }
        return size;
    }

    /** A percentage such as {@code 1%} or {@code 0.5%}. */
    public OptionalDouble percent(String key) {
        Optional<String> text = text(key);
        if (text.isEmpty()) {
            return OptionalDouble.empty();
        }
        String t = text.get().trim();
        try {
            if (!t.endsWith("%")) {
                throw new NumberFormatException();
            }
            double value = Double.parseDouble(t.substring(0, t.length() - 1).trim());
            if (value < 0 || value > 100) {
                binding.problem(child(key), "expected a percentage between 0% and 100%, got \"" + t + "\"");
                return OptionalDouble.empty();
            }
            return OptionalDouble.of(value);
        } catch (NumberFormatException e) {
            binding.problem(child(key), "expected a percentage like 1% or 0.5%, got \"" + t + "\"");
            return OptionalDouble.empty();
        }
    }

    /** A list of scalars parsed by {@code parse}; a single scalar counts as a one-element list. */
    public <T> Optional<List<T>> list(String key, Function<Element, Optional<T>> parse) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        List<T> out = new ArrayList<>();
        if (value.isTextual()) {
            parse.apply(new Element(child(key), value.textValue())).ifPresent(out::add);
            return Optional.of(out);
        }
        if (!(value instanceof ArrayNode array)) {
            binding.problem(child(key), "expected a list like [1MiB, 10MiB], got " + describe(value));
            return Optional.empty();
        }
        if (array.isEmpty()) {
            binding.problem(child(key), "must not be empty");
        }
        for (int i = 0; i < array.size(); i++) {
            String at = child(key) + "/" + i;
            if (!array.get(i).isTextual()) {
                binding.problem(at, "expected a single value, got " + describe(array.get(i)));
                continue;
            }
            parse.apply(new Element(at, array.get(i).textValue())).ifPresent(out::add);
        }
        return Optional.of(out);
    }

    public Optional<Fields> object(String key, Collection<Key> keys, String what) {
        return object(key, keys, Map.of(), what);
    }

    /** The mapping at {@code key}, read with {@code keys}; {@code refused}: see {@link #of}. */
    public Optional<Fields> object(String key, Collection<Key> keys, Map<String, String> refused, String what) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        return of(binding, child(key), value, keys, refused, what);
    }

    /** The mapping at {@code key}: empty when absent, and a problem ("expected WHAT") when not a mapping. */
    public Optional<ObjectNode> mapping(String key, String what) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (value instanceof ObjectNode object) {
            return Optional.of(object);
        }
        binding.problem(child(key), "expected " + what + ", got " + describe(value));
        return Optional.empty();
    }

    /** A mapping of names to texts ({@code objectTags: {project: bench}}) in order; a value not a text is a problem. */
    public Map<String, String> texts(String key, String what) {
        Map<String, String> texts = new LinkedHashMap<>();
        mapping(key, what).ifPresent(m -> m.fields().forEachRemaining(e -> {
            if (e.getValue().isTextual()) {
                texts.put(e.getKey(), e.getValue().textValue());
            } else {
                binding.problem(LocatedTree.child(child(key), e.getKey()), "expected a text, got "
                        + describe(e.getValue()));
            }
        }));
        return texts;
    }

    /** The default {@link Keys} gives {@code key} here: binders take it from there, never write it themselves. */
    public JsonNode defaultOf(String key) {
        Key described = this.described.get(key);
        if (described == null || described.defaultValue() == null) {
            throw new IllegalStateException("Keys describes no default of '" + key + "' at " + pointer);
        }
        return described.defaultValue();
    }

    public int intOr(String key, int min) {
        return intAtLeast(key, min).orElseGet(() -> defaultOf(key).asInt());
    }

    public long longOr(String key, long min) {
        return longAtLeast(key, min).orElseGet(() -> defaultOf(key).asLong());
    }

    public boolean boolOr(String key) {
        return bool(key).orElseGet(() -> defaultOf(key).asBoolean());
    }

    public Duration durationOr(String key) {
        return duration(key).orElseGet(() -> Durations.parse(defaultOf(key).asText()).orElseThrow());
    }

    /** As {@link #durationOr}, for a key where 0s is a value of its own (immediateWithin: only the first read). */
    public Duration durationOrZero(String key) {
        boolean zero = text(key).flatMap(Durations::parse).filter(Duration::isZero).isPresent();
        return zero ? Duration.ZERO : durationOr(key);
    }

    public DataSize sizeOr(String key) {
        return size(key).orElseGet(() -> DataSize.parse(defaultOf(key).asText()).orElseThrow());
    }

    public double percentOr(String key) {
        return percent(key).orElseGet(() -> Double.parseDouble(defaultOf(key).asText().replace("%", "")));
    }

    /** One of an enum's keys ({@code in-turn}), with a did-you-mean when it is none. */
    public <E extends Enum<E>> Optional<E> choice(String key, Class<E> type) {
        return text(key).flatMap(text -> {
            Optional<E> value = Keyed.parse(type, text.trim());
            if (value.isEmpty()) {
                binding.problem(child(key), "expected one of " + String.join(", ", Keyed.words(type))
                        + ", got \"" + text + "\"" + Suggestions.didYouMean(text, Keyed.words(type)));
            }
            return value;
        });
    }

    public <E extends Enum<E>> E choiceOr(String key, Class<E> type) {
        return choice(key, type).orElseGet(() -> Keyed.parse(type, defaultOf(key).asText()).orElseThrow());
    }

    /** One scalar of a list, with its pointer for problems. */
    public record Element(String pointer, String text) {
    }

    public static String describe(JsonNode node) {
        if (node == null || node.isNull()) {
            return "nothing";
        }
        if (node.isObject()) {
            return "a mapping";
        }
        if (node.isArray()) {
            return "a list";
        }
        return "\"" + node.asText() + "\"";
    }
}
