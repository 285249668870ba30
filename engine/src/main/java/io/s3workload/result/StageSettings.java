package io.s3workload.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.Durations;
import io.s3workload.ground.Keyed;
import io.s3workload.ground.SizeSpec;
import io.s3workload.plan.StagePlan;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.endpoints.Urls;
import io.s3workload.workload.objects.ObjectsFrom;
import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * A stage's settings as JSON, spelled as in YAML ({@code 30s}, {@code 1MiB}, {@code when-required}), with the
 * workload's defaults applied: endpoint, concurrency, client and thresholds are the ones the stage runs with. Walks
 * the stage's record, so a setting added to a stage kind appears here without a change. URLs lose their user info
 * and query, and a component named like a secret is masked.
 */
final class StageSettings {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern SECRET = Pattern.compile("(?i).*(secret|password|token|credential).*");

    private StageSettings() {
    }

    static ObjectNode of(StagePlan stage) {
        ObjectNode settings = NODES.objectNode().put("kind", stage.kind().key());
        StageCommon common = stage.spec().common();
        settings.put("endpoint", stage.endpoint()).put("concurrency", stage.concurrency());
        settings.set("client", value(stage.client()));
        settings.set("failOn", value(stage.failOn()));
        settings.set("load", value(common.load()));
        settings.set("tags", value(common.tags()));
        settings.set("graph", value(common.graph()));
        putIfPresent(settings, "warmUp", value(common.warmUp()));
        putIfPresent(settings, "stopWhenStable", value(common.stopWhenStable()));
        putIfPresent(settings, "spread", value(stage.spread()));
        ObjectNode own = record((Record) stage.spec());
        own.remove("common");
        settings.setAll(own);
        return settings;
    }

    private static void putIfPresent(ObjectNode settings, String key, JsonNode value) {
        if (value != null) {
            settings.set(key, value);
        }
    }

    /** A value as JSON; null for an absent one (an empty Optional), which the caller leaves out. */
    private static JsonNode value(Object v) {
        return switch (v) {
            case null -> null;
            case Optional<?> o -> o.map(StageSettings::value).orElse(null);
            case OptionalInt o -> o.isPresent() ? NODES.numberNode(o.getAsInt()) : null;
            case OptionalLong o -> o.isPresent() ? NODES.numberNode(o.getAsLong()) : null;
            case OptionalDouble o -> o.isPresent() ? NODES.numberNode(o.getAsDouble()) : null;
            case Duration d -> NODES.textNode(Durations.format(d));
            case DataSize d -> NODES.textNode(d.label());
            case SizeSpec s -> NODES.textNode(s.label());
            case ObjectsFrom.Stage from -> NODES.textNode(from.name());
            case ObjectsFrom.Prefix from -> NODES.objectNode().put("prefix", from.prefix());
            case Enum<?> e -> NODES.textNode(key(e));
            case String s -> NODES.textNode(s.contains("://") ? Urls.printable(s) : s);
            case URI u -> NODES.textNode(Urls.printable(u.toString()));
            case Boolean b -> NODES.booleanNode(b);
            case Integer i -> NODES.numberNode(i);
            case Long l -> NODES.numberNode(l);
            case Double d -> NODES.numberNode(d);
            case Record r -> record(r);
            case Collection<?> c -> {
                ArrayNode array = NODES.arrayNode();
                c.forEach(item -> array.add(value(item)));
                yield array;
            }
            case Map<?, ?> m -> {
                ObjectNode object = NODES.objectNode();
                m.forEach((k, item) -> object.set(k instanceof Enum<?> e ? key(e) : String.valueOf(k), value(item)));
                yield object;
            }
            default -> NODES.textNode(v.toString());
        };
    }

    private static ObjectNode record(Record r) {
        ObjectNode object = NODES.objectNode();
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            try {
                c.getAccessor().setAccessible(true);
                JsonNode v = value(c.getAccessor().invoke(r));
                if (v != null) {
                    object.set(c.getName(), SECRET.matcher(c.getName()).matches() ? NODES.textNode("***") : v);
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + c.getName() + " of " + r.getClass(), e);
            }
        }
        return object;
    }

    /** The YAML spelling of a constant: its own {@code key()} when it has one, else {@code when-required}. */
    private static String key(Enum<?> e) {
        try {
            return (String) e.getClass().getMethod("key").invoke(e);
        } catch (ReflectiveOperationException | ClassCastException notKeyed) {
            return Keyed.word(e);
        }
    }
}
