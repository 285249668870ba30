package io.s3workload.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Checks a summary.json against docs/summary.schema.json: every property the schema requires is there. */
public final class SummarySchema {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SummarySchema() {
    }

    /** The paths of the required properties {@code summary} lacks; empty when it has them all. */
    public static List<String> missing(Path summary) throws IOException {
        JsonNode schema = JSON.readTree(Path.of("..", "docs", "summary.schema.json").toFile());
        List<String> missing = new ArrayList<>();
        check(schema, schema, JSON.readTree(summary.toFile()), "", missing);
        return missing;
    }

    /** Walks the schema's required properties, objects and array items (following $ref) over the document. */
    private static void check(JsonNode root, JsonNode schema, JsonNode value, String path, List<String> missing) {
        if (schema.has("$ref")) {
            schema = root.at(schema.get("$ref").asText().substring(1));
        }
        if (value.isArray() && schema.has("items")) {
            for (int i = 0; i < value.size(); i++) {
                check(root, schema.get("items"), value.get(i), path + "/" + i, missing);
            }
            return;
        }
        if (!value.isObject()) {
            return;
        }
        for (JsonNode required : schema.path("required")) {
            if (!value.has(required.asText())) {
                missing.add(path + "/" + required.asText());
            }
        }
        for (Iterator<String> it = schema.path("properties").fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (value.has(name)) {
                check(root, schema.get("properties").get(name), value.get(name), path + "/" + name, missing);
            }
        }
    }
}
