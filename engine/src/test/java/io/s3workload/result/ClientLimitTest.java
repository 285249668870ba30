package io.s3workload.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellCount;
import io.s3workload.metrics.CellCounts;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.testing.QuickTier;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The run's closing sentence when the client may have set a cell's pace: which cells, and why; none otherwise. */
@Tag(QuickTier.TAG)
class ClientLimitTest {

    /** A 10 s cell of {@code ok} operations that kept {@code cores} cores busy, {@code late} of them started late. */
    private static CellStats cell(String stage, double cores, long ok, long late) {
        Histogram latency = CellRecorder.newHistogram();
        latency.recordValue(5_000_000);
        Histogram uncorrected = CellRecorder.newHistogram();
        if (late > 0) {
            uncorrected.recordValue(4_000_000);
        }
        return new CellStats(new CellKey(stage, Op.GET, "s3", SizeSpec.of(DataSize.ofBytes(4096))), ok, ok * 4096, 0,
                CellStats.Failures.NONE, new CellStats.Latencies(latency, CellRecorder.newHistogram(), uncorrected,
                List.of(), null), CellStats.Time.of(10_000_000_000L, (long) (cores * 10_000_000_000L), -1),
                CellCounts.of(Map.of(CellCount.LATE_STARTS, late)), List.of(), null, null, null);
    }

    @Test
    void namesTheCellsWhoseCoresWereBusyOrWhoseStartsWereLate() {
        String sentence = ClientLimit.sentence(List.of(cell("busy", 1.86, 1000, 0), cell("calm", 0.8, 1000, 0),
                cell("late", 0.5, 1000, 25), cell("punctual", 0.5, 1000, 10)), 2, false);
        assertEquals("The client was near its limit in busy GET 4 KiB on s3 (1.86 of 2 cores busy); late GET 4 KiB"
                + " on s3 (2.5% of its operations started over 10 ms late): there its figures may be the client's"
                + " limit, not the store's. Offer the load from more machines (docs/distributed.md), or see where the"
                + " client's time went with --profile.\n", sentence);
    }

    @Test
    void lateStartsWithTheirWorkerStillBusyAreTheConcurrencyNotTheClient() {
        CellStats capped = withCapped(cell("stalled", 0.5, 1000, 300), 295);
        assertEquals("", ClientLimit.sentence(List.of(capped), 2, false), "5 of 1000 late with the worker free");
        assertEquals("The concurrency capped the rate in stalled GET 4 KiB on s3 (29.5% of its operations): those"
                + " operations started over 10 ms late because their worker was still busy with its last, the"
                + " store's latency times the rate needing more workers than the stage had. Raise concurrency to"
                + " offer the rate as asked.\n", ClientLimit.cappedSentence(List.of(capped)));
        CellStats both = withCapped(cell("both", 0.5, 1000, 300), 100);
        assertTrue(ClientLimit.sentence(List.of(both), 2, false).contains("both GET 4 KiB on s3 (20.0% of its"
                + " operations started over 10 ms late with their worker free)"));
        assertEquals("", ClientLimit.cappedSentence(List.of(cell("late", 0.5, 1000, 25))), "none capped");
    }

    private static CellStats withCapped(CellStats c, long capped) {
        return new CellStats(c.key(), c.operations(), c.bytes(), c.items(), c.failures(), c.latencies(), c.time(),
                c.counts().plus(CellCounts.of(Map.of(CellCount.CAPPED_STARTS, capped))), c.timeline(), c.access(),
                c.notable(), c.server());
    }

    @Test
    void saysNothingWhenNoCellWasNearItAndNamesTheEmbeddedServersShare() {
        assertEquals("", ClientLimit.sentence(List.of(cell("calm", 1.79, 1000, 10)), 2, false));
        assertTrue(ClientLimit.sentence(List.of(cell("busy", 1.9, 1000, 0)), 2, true)
                .contains("(this process ran the embedded server too, and its CPU counts both)"));
        assertEquals("", ClientLimit.sentence(List.of(cell("many-cores", 1.9, 1000, 0)), 8, false),
                "1.9 of 8 cores is not near the limit");
    }
}
