package io.s3workload.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.kinds.capacity.CapacityJson;
import io.s3workload.kinds.capacity.CapacitySearch;
import io.s3workload.testing.QuickTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stage's outcomes in summary.json, which no writer or reader names: each under its kind's key, in
 * {@link StageOutcomes}' order between the stage's cells and its answers, read back in its typed form, and written
 * again to the same bytes; a key this version does not know is kept and ignored.
 */
@Tag(QuickTier.TAG)
class StageOutcomesTest {

    private static final Path FINDINGS = Path.of("src", "test", "resources", "golden", "findings", SummaryJson.FILE);

    @Test
    void aSummaryReadBackIsWrittenAgainToTheSameBytesItsOutcomesTyped(@TempDir Path dir) throws IOException {
        String golden = Files.readString(FINDINGS, StandardCharsets.UTF_8);
        Summary summary = SummaryJson.read(FINDINGS);
        Summary.Stage cap = stage(summary, "cap");
        assertEquals(List.of("convergence", "capacity"), List.copyOf(cap.outcomes().keySet()));
        assertInstanceOf(CapacityJson.Search.class, cap.outcomes().get("capacity"));
        assertEquals(golden, SummaryJson.write(summary), "read back and written again");

        StageOutcome search = SummaryJson.outcome("capacity", cap.outcomes().get("capacity"), Map.of())
                .orElseThrow();
        CapacitySearch read = assertInstanceOf(CapacitySearch.class, search);
        assertEquals(((CapacityJson.Search) cap.outcomes().get("capacity")).steps().size(), read.steps().size());
        assertEquals("cap.step2", read.cellStage("cap", 1).orElseThrow(), "a step's cell runs under its own name");
        assertTrue(SummaryJson.outcome("convergence", List.of(), Map.of()).isEmpty(),
                "a stage that is no probe's keeps an empty list of pairs, and has no outcome of them");
    }

    @Test
    void aKeyThisVersionDoesNotKnowIsKeptAndIgnored(@TempDir Path dir) throws IOException {
        String golden = Files.readString(FINDINGS, StandardCharsets.UTF_8);
        String later = golden.replace("\"capacity\" : {", "\"fromALaterVersion\" : {\n      \"figure\" : 1\n    },\n"
                + "    \"capacity\" : {");
        Path file = Files.writeString(dir.resolve(SummaryJson.FILE), later, StandardCharsets.UTF_8);
        Summary.Stage cap = stage(SummaryJson.read(file), "cap");
        assertEquals(List.of("convergence", "capacity", "fromALaterVersion"), List.copyOf(cap.outcomes().keySet()),
                "a known kind in its order, then the others");
        assertEquals(Map.of("figure", 1), cap.outcomes().get("fromALaterVersion"));
        assertTrue(SummaryJson.outcome("fromALaterVersion", cap.outcomes().get("fromALaterVersion"), Map.of())
                .isEmpty());
    }

    private static Summary.Stage stage(Summary summary, String name) {
        return summary.stages().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }
}
