package io.s3workload.ground;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.testing.QuickTier;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(QuickTier.TAG)
class UnitsTest {

    @Test
    void countsAreInTheNounsPlural() {
        assertEquals("1 key", Units.count(1, "key"));
        assertEquals("100 keys", Units.count(100, "key"), "a vowel's y stays");
        assertEquals("2 entries", Units.count(2, "entry"));
        assertEquals("0 objects", Units.count(0, "object"));
    }

    @Test
    void aSingleSampleIsPrintedOnceNotAsThreeRoundedStatistics() {
        Histogram one = CellRecorder.newHistogram();
        one.recordValue(96_040_000);
        // the value as its P50, P99 and Max read it (the bucket's upper bound), not the bucket's middle as the mean
        assertEquals(Units.latency(one.getMaxValue()) + " (one sample)",
                Units.latencyStats(one, true, Percentile.AVG, Percentile.P95));
        assertEquals(Units.statNanos(one, Percentile.P99), Units.statNanos(one, Percentile.MAX));
        assertEquals(one.getMaxValue(), Units.asRecorded(one, 96_040_000), "a slowest operation reads as Max");

        Histogram two = CellRecorder.newHistogram();
        two.recordValue(1_000_000);
        two.recordValue(3_000_000);
        String stats = Units.latencyStats(two, true, Percentile.AVG, Percentile.P99, Percentile.MAX);
        assertEquals("Min: " + Units.latency(two.getMinValue()) + ", Avg: " + Units.latency(Math.round(two.getMean()))
                + ", P99: " + Units.latency(two.getValueAtPercentile(99)) + ", Max: "
                + Units.latency(two.getMaxValue()), stats);
    }
}
