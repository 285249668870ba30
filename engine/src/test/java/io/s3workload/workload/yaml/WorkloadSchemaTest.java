package io.s3workload.workload.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.s3workload.testing.QuickTier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The generated JSON Schema: shipped up to date, accepting every shipped workload, refusing what validate refuses. */
@Tag(QuickTier.TAG)
class WorkloadSchemaTest {

    private static final Path ROOT = Path.of("..");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final JsonSchema SCHEMA = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(WorkloadSchema.schema());

    static Stream<Path> workloads() throws Exception {
        return Files.list(ROOT.resolve("workloads")).filter(p -> p.toString().endsWith(".yaml")).sorted();
    }

    @Test
    void theShippedSchemaIsTheGeneratedOne() throws Exception {
        assertEquals(WorkloadSchema.json(), Files.readString(ROOT.resolve("docs/workload.schema.json")),
                "regenerate it: ./s3workload schema > docs/workload.schema.json");
    }

    /**
     * Every property of the schema carries a description and an example (what editors show on hover), and each
     * example is valid against the property's own schema.
     */
    @Test
    void everyPropertyIsDescribedWithAnExampleThatValidates() {
        com.fasterxml.jackson.databind.node.ObjectNode root = WorkloadSchema.schema();
        List<String> problems = new java.util.ArrayList<>();
        int[] count = {0};
        checkProperties(root, root.get("$defs"), "", problems, count);
        assertEquals(List.of(), problems);
        assertFalse(count[0] < 800, "properties checked: " + count[0]);
    }

    private static void checkProperties(JsonNode node, JsonNode defs, String at, List<String> problems, int[] count) {
        if (node.isObject()) {
            if (node.get("properties") instanceof com.fasterxml.jackson.databind.node.ObjectNode properties) {
                properties.fields().forEachRemaining(e -> {
                    count[0]++;
                    JsonNode property = e.getValue();
                    String where = at + "/" + e.getKey();
                    if (!property.hasNonNull("description") || property.get("description").asText().isBlank()) {
                        problems.add(where + ": no description");
                    }
                    if (!property.has("examples") || property.get("examples").isEmpty()) {
                        problems.add(where + ": no example");
                        return;
                    }
                    com.fasterxml.jackson.databind.node.ObjectNode alone = property.deepCopy();
                    alone.remove("examples");
                    alone.set("$defs", defs);
                    Set<ValidationMessage> invalid = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                            .getSchema(alone).validate(property.get("examples").get(0));
                    if (!invalid.isEmpty()) {
                        problems.add(where + ": example " + property.get("examples").get(0) + " " + invalid);
                    }
                });
            }
            node.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("if")) { // a condition on the kind, not a key anybody writes
                    checkProperties(e.getValue(), defs, at + "/" + e.getKey(), problems, count);
                }
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                checkProperties(node.get(i), defs, at + "/" + i, problems, count);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void everyShippedWorkloadValidatesAgainstTheSchema(Path workload) throws Exception {
        Set<ValidationMessage> problems = SCHEMA.validate(YAML.readTree(workload.toFile()));
        assertEquals(Set.of(), problems, workload.toString());
    }

    @Test
    void theSchemaRefusesUnknownKeysWrongKindsAndBadValues() throws Exception {
        for (String bad : List.of(
                "stages: [{name: a, kind: put, objets: 3}]",
                "stages: [{name: a, kind: pūt}]",
                "stages: [{name: a, kind: get, duration: soon}]",
                "stages: [{name: a, kind: compare, endpoints: [x, y], stage: {kind: loops, stages: []}}]",
                "endpoints: {a: {region: auto}}\nstages: [{name: a, kind: put}]",
                "stages: [{name: a, kind: sweep, preset: slow}]")) {
            JsonNode node = YAML.readTree(bad);
            assertFalse(SCHEMA.validate(node).isEmpty(), "should be refused: " + bad);
        }
        JsonNode good = YAML.readTree("stages: [{name: a, kind: put, size: \"${SIZE:-1MiB}\", concurrency: "
                + "\"${N}\", objects: 3, tags: [perf]}]");
        assertEquals(Set.of(), SCHEMA.validate(good));
    }
}
