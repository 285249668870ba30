package io.s3workload.workload.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.testing.QuickTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A table of invalid workloads (src/test/resources/invalid/*.yaml) and, in expected.tsv, every problem each must
 * produce: exact position, path and message. One extra or missing problem fails the test.
 */
@Tag(QuickTier.TAG)
class InvalidWorkloadsTest {

    private static final Path DIR = Path.of("src/test/resources/invalid");

    static Stream<Path> files() throws IOException {
        return Files.list(DIR).filter(p -> p.toString().endsWith(".yaml")).sorted();
    }

    @Test
    void theTableCoversAtLeastTwentyInvalidWorkloads() throws IOException {
        assertTrue(files().count() >= 20, "at least 20 invalid workloads");
        assertEquals(expectations().keySet(), files().map(p -> p.getFileName().toString())
                .collect(java.util.stream.Collectors.toSet()), "every file has expectations, and only files do");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void reportsEveryProblemWithItsPosition(Path file) throws IOException {
        WorkloadLoader loader = new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty());
        WorkloadException e = assertThrows(WorkloadException.class, () -> loader.load(file));
        List<String> actual = e.problems().stream()
                .map(p -> p.toString().substring(file.toString().length() + 1))
                .toList();
        assertEquals(expectations().get(file.getFileName().toString()), actual);
        e.problems().forEach(p -> assertEquals(file.toString(), p.location().source()));
        assertFalse(e.getMessage().contains("Exception"), "no exception names in messages: " + e.getMessage());
    }

    private static Map<String, List<String>> expectations() throws IOException {
        Map<String, List<String>> expected = new LinkedHashMap<>();
        for (String line : Files.readAllLines(DIR.resolve("expected.tsv"), StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] parts = line.split("\t", 2);
            expected.computeIfAbsent(parts[0], f -> new ArrayList<>()).add(parts[1]);
        }
        return expected;
    }
}
