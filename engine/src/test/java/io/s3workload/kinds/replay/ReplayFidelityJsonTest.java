package io.s3workload.kinds.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.testing.QuickTier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A replay's fidelity as summary.json keeps it ({@code replay}): its fields flat, in the order the version before
 * its groups wrote them, and read back to the same bytes (the merge adds shards' up from that form).
 */
@Tag(QuickTier.TAG)
class ReplayFidelityJsonTest {

    private static ReplayFidelity fidelity() {
        Histogram h = CellRecorder.newHistogram();
        h.recordValue(5_000_000);
        return new ReplayFidelity(new ReplayFidelity.Source(List.of("warp"), 2, 1.5, 10.0),
                new ReplayFidelity.Issuing(100, 98, Map.of("key order", 2L), Map.of("STAT", 3L)),
                new ReplayFidelity.Timing(ReplayFidelity.encode(h), 5.0, 5.0, 5.0, 7, 3), 8,
                List.of(new ReplayFidelity.MixRow("GET", "1 KiB", 50, 49)),
                List.of(new ReplayFidelity.ServerTime("GET", ReplayFidelity.encode(h), null)),
                List.of(new ReplayFidelity.RecordedFailure("GET", 404, 2, 2, 0, 0)),
                new ReplayFidelity.Preparation(10, 1024, 0.5, 0), new long[] {50, 50}, new long[] {49, 49},
                ReplayFidelity.KeyOrder.NONE);
    }

    @Test
    void itsFieldsAreFlatInTheirOrderAndReadBackToTheSameBytes() throws Exception {
        ObjectMapper json = new ObjectMapper();
        String written = json.writeValueAsString(ReplayFidelity.sum(List.of(fidelity())));
        List<String> keys = new ArrayList<>();
        json.readTree(written).fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("formats", "files", "speed", "traceSeconds", "played", "issued", "notIssued", "skipped",
                "lateness", "latenessP50Ms", "latenessP99Ms", "latenessMaxMs", "late", "capped", "inFlight", "mix",
                "server", "outcomes", "preparation", "recordedPerSecond", "replayedPerSecond", "keyOrder"), keys);
        ReplayFidelity back = json.readValue(written, ReplayFidelity.class);
        assertEquals(written, json.writeValueAsString(back));
        JsonNode tree = json.readTree(written);
        assertEquals(7, tree.get("late").asLong());
        assertEquals(2, back.files());
        assertEquals(3, back.capped());
    }
}
