package io.s3workload.workload.yaml;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.Durations;
import io.s3workload.ground.Keyed;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ParallelRanges;
import java.time.Duration;
import java.util.Set;

/**
 * One key of the workload format, as {@link Keys} describes it.
 *
 * @param context      where it is written
 * @param type         its type: the name of an entry of the schema's {@code $defs}
 * @param kinds        for a stage key, the kinds that take it; empty elsewhere
 * @param defaultValue what it is when not written (null: nothing, or it depends, as the description says)
 * @param example      a value that validates, for editors
 * @param scale        what {@code --scale} does to it
 * @param defaultable  whether the top level's {@code defaults} may set it for every stage
 * @param listValued   whether its value is a list of scalars, which {@code --set} may give comma-separated
 */
public record Key(Keys.Context context, String name, String type, Set<StageKind> kinds, JsonNode defaultValue,
        JsonNode example, String description, Keys.Scale scale, boolean defaultable, boolean listValued) {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    public Key scaled(Keys.Scale how) {
        return new Key(context, name, type, kinds, defaultValue, example, description, how, defaultable, listValued);
    }

    public Key inDefaults() {
        return new Key(context, name, type, kinds, defaultValue, example, description, scale, true, listValued);
    }

    public Key list() {
        return new Key(context, name, type, kinds, defaultValue, example, description, scale, defaultable, true);
    }

    /**
     * A default or example as the schema shows it: text is read as YAML ({@code "{count: 4, size: 10GiB}"}, {@code
     * "64MiB"}, {@code "false"}), the model's constants as they are written in a workload.
     */
    static JsonNode json(Object value) {
        return switch (value) {
            case null -> null;
            case String text -> read(text);
            case DataSize size -> TextNode.valueOf(size.label());
            case Duration duration -> TextNode.valueOf(Durations.format(duration));
            case Multipart m -> YAML.createObjectNode().put("threshold", m.threshold().label())
                    .put("partSize", m.partSize().label()).put("parallel", m.parallel());
            case ParallelRanges r -> YAML.createObjectNode().put("threshold", r.threshold().label())
                    .put("chunk", r.chunk().label()).put("parallel", r.parallel());
            case Enum<?> e -> TextNode.valueOf(Keyed.word(e));
            default -> YAML.valueToTree(value);
        };
    }

    /** Mappings, lists and booleans written as YAML; any other text is the text itself. */
    private static JsonNode read(String text) {
        if (!text.startsWith("{") && !text.startsWith("[") && !text.equals("true") && !text.equals("false")) {
            return TextNode.valueOf(text);
        }
        try {
            return YAML.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("not YAML: " + text, e);
        }
    }
}
