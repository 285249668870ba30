package io.s3workload.workload.yaml;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Streams a YAML document into a {@link LocatedTree}. Scalars are kept as their source text (numbers and
 * booleans included) so that {@code ${VAR}} substitution and the binder treat them alike; nulls stay null.
 */
public final class YamlTreeReader {

    private static final YAMLFactory YAML = YAMLFactory.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String source;
    private final List<Problem> problems = new ArrayList<>();
    private LocatedTree tree;

    private YamlTreeReader(String source) {
        this.source = source;
    }

    /** Parses {@code text}; syntax errors, a non-mapping document and duplicate keys are problems. */
    public static LocatedTree read(String source, String text) throws WorkloadException {
        return new YamlTreeReader(source).parse(text);
    }

    private LocatedTree parse(String text) throws WorkloadException {
        try (JsonParser parser = YAML.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new WorkloadException(List.of(new Problem(new Location(source, 1, 1), "",
                        "the workload file is empty; expected a mapping with at least 'bucket' and 'stages'")));
            }
            if (first != JsonToken.START_OBJECT) {
                throw new WorkloadException(List.of(new Problem(location(parser.currentTokenLocation()), "",
                        "expected a mapping (key: value lines) at the top of the workload, got "
                                + describe(first))));
            }
            tree = new LocatedTree(source, NODES.objectNode());
            tree.recordValue("", location(parser.currentTokenLocation()));
            readObjectInto(parser, tree.root(), "");
        } catch (JsonProcessingException e) {
            throw new WorkloadException(List.of(e.getCause() instanceof MarkedYAMLException
                    marked ? YamlSyntax.explain(source, text, marked) : syntaxProblem(e)));
        } catch (IOException e) {
            throw new WorkloadException(List.of(new Problem(Location.of(source), "", e.getMessage())));
        }
        if (!problems.isEmpty()) {
            throw new WorkloadException(problems);
        }
        return tree;
    }

    private JsonNode readValue(JsonParser parser, String pointer) throws IOException {
        tree.recordValue(pointer, location(parser.currentTokenLocation()));
        return switch (parser.currentToken()) {
            case START_OBJECT -> readObjectInto(parser, NODES.objectNode(), pointer);
            case START_ARRAY -> readArray(parser, pointer);
            case VALUE_NULL -> NODES.nullNode();
            default -> NODES.textNode(parser.getText());
        };
    }

    private ObjectNode readObjectInto(JsonParser parser, ObjectNode object, String pointer) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            String child = LocatedTree.child(pointer, name);
            Location keyLocation = location(parser.currentTokenLocation());
            parser.nextToken();
            if (object.has(name)) {
                problems.add(new Problem(keyLocation, LocatedTree.displayPath(child),
                        "duplicate key (first at line " + tree.keyLocation(child).line() + ")"));
                readValue(parser, child + "#dup");
                continue;
            }
            tree.recordKey(child, keyLocation);
            object.set(name, readValue(parser, child));
        }
        return object;
    }

    private ArrayNode readArray(JsonParser parser, String pointer) throws IOException {
        ArrayNode array = NODES.arrayNode();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            array.add(readValue(parser, pointer + "/" + array.size()));
        }
        return array;
    }

    private Problem syntaxProblem(JsonProcessingException e) {
        Location where = e.getLocation() != null ? location(e.getLocation()) : Location.of(source);
        String message = e.getOriginalMessage();
        int newline = message.indexOf('\n');
        String firstLine = (newline > 0 ? message.substring(0, newline) : message).trim();
        return new Problem(where, "", "invalid YAML: " + firstLine);
    }

    private Location location(JsonLocation l) {
        return new Location(source, Math.max(1, l.getLineNr()), Math.max(1, l.getColumnNr()));
    }

    private static String describe(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "a list";
            case VALUE_NULL -> "nothing";
            default -> "a single value";
        };
    }
}
