package io.s3workload.ground;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.testing.QuickTier;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The size distributions draw what they say, from a key's hash alone. */
@Tag(QuickTier.TAG)
class SizeSpecTest {

    private static final int DRAWS = 200_000;

    private static long hash(int i) {
        long z = i * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        return z ^ (z >>> 27);
    }

    @Test
    void weightsAreDrawnInTheirProportions() {
        SizeSpec spec = SizeSpec.Weighted.of("w", new long[] {4096, 1 << 20, 64 << 20}, new double[] {70, 25, 5}, "");
        Map<Long, Integer> counts = new TreeMap<>();
        for (int i = 0; i < DRAWS; i++) {
            counts.merge(spec.bytesFor(hash(i)), 1, Integer::sum);
        }
        assertEquals(0.70, counts.get(4096L) / (double) DRAWS, 0.01, counts.toString());
        assertEquals(0.25, counts.get(1L << 20) / (double) DRAWS, 0.01, counts.toString());
        assertEquals(0.05, counts.get(64L << 20) / (double) DRAWS, 0.005, counts.toString());
        assertEquals(0.70 * 4096 + 0.25 * (1 << 20) + 0.05 * (64 << 20), spec.meanBytes(), 1);
    }

    @Test
    void logUniformPutsAsManyObjectsInEachPowerOfTwo() {
        SizeSpec spec = new SizeSpec.LogUniform(DataSize.ofBytes(1024), DataSize.ofMiB(1));
        int[] byOctave = new int[10];
        double sum = 0;
        for (int i = 0; i < DRAWS; i++) {
            long size = spec.bytesFor(hash(i));
            assertTrue(size >= 1024 && size <= 1 << 20, "" + size);
            byOctave[Math.min(9, 63 - Long.numberOfLeadingZeros(size) - 10)]++;
            sum += size;
        }
        for (int octave : byOctave) {
            assertEquals(0.1, octave / (double) DRAWS, 0.01, java.util.Arrays.toString(byOctave));
        }
        assertEquals(spec.meanBytes(), sum / DRAWS, spec.meanBytes() * 0.02);
    }

    @Test
    void weightsReadBackFromAReportByTheirLabelAreWhole() {
        SizeSpec.Weighted read = SizeSpec.Weighted.named("w4KiB.70-1MiB.25-1.5GiB.5");
        assertEquals("4 KiB 70%, 1 MiB 25%, 1.5 GiB 5%", read.toString());
        assertEquals(1536L << 20, read.maxBytes());
        assertEquals(SizeSpec.Weighted.named("hist-sizes"), SizeSpec.Weighted.of("hist-sizes", new long[] {1, 2},
                new double[] {1, 1}, "sizes.csv (2 objects)"), "equal by label");
        assertEquals("existing", SizeSpec.Weighted.named("existing").label());
    }
}
