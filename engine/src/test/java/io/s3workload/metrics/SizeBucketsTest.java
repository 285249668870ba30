package io.s3workload.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.testing.QuickTier;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Which bucket a size's latency goes to, and how buckets are named. */
@Tag(QuickTier.TAG)
class SizeBucketsTest {

    private static List<String> labels(List<SizeBucketStats> buckets) {
        return buckets.stream().map(SizeBucketStats::label).toList();
    }

    @Test
    void aRangeGetsPowersOfFourFrom4KiBAndAnEdgeBelongsToTheBucketItCloses() {
        SizeBuckets buckets = SizeBuckets.of(new SizeSpec.LogUniform(DataSize.ofBytes(1024), DataSize.ofMiB(4)));
        buckets.record(4096, 1_000_000);
        buckets.record(4097, 2_000_000);
        buckets.record(4 << 20, 3_000_000);
        List<SizeBucketStats> stats = buckets.finish();
        assertEquals(List.of("1 KiB-4 KiB", "4 KiB-16 KiB", "16 KiB-64 KiB", "64 KiB-256 KiB", "256 KiB-1 MiB",
                "1 MiB-4 MiB"), labels(stats));
        assertEquals(List.of(1L, 1L, 0L, 0L, 0L, 1L), stats.stream().map(SizeBucketStats::operations).toList());
        assertEquals(4097, stats.get(1).fromBytes());
        assertEquals(2_000_000, stats.get(1).latency().getMaxValue(), 2_000);
    }

    @Test
    void weightsOfAFewSizesGetABucketEachAndOneSizeNone() {
        SizeSpec weights = SizeSpec.Weighted.of("w", new long[] {4096, 1 << 20, 64 << 20}, new double[] {70, 25, 5},
                "");
        assertEquals(List.of("4 KiB", "1 MiB", "64 MiB"), labels(SizeBuckets.of(weights).finish()));
        assertNull(SizeBuckets.of(SizeSpec.of(DataSize.ofMiB(1))));
        assertNull(SizeBuckets.of(SizeSpec.Weighted.existing("datasets/")), "sizes not known until listed");
    }

    @Test
    void manySizesFallBackToPowersOfFour() {
        long[] sizes = new long[40];
        double[] weights = new double[40];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = 1000L * (i + 1) * (i + 1);
            weights[i] = 1;
        }
        assertEquals(List.of("1000 B-4 KiB", "4 KiB-16 KiB", "16 KiB-64 KiB", "64 KiB-256 KiB", "256 KiB-1 MiB",
                "1 MiB-4 MiB"), labels(SizeBuckets.of(SizeSpec.Weighted.of("h", sizes, weights, "")).finish()));
    }
}
