package io.s3workload.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.report.finished.ResultsReader;
import io.s3workload.testing.QuickTier;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard killed while writing an hdr log leaves its last line cut short (found in a CI run: `merge` of such a shard
 * ended in "internal error: NoSuchElementException"). Reading it gives the intervals before the cut, at every cut.
 */
@Tag(QuickTier.TAG)
class TruncatedHdrLogTest {

    @Test
    void aLogCutAnywhereInItsLastLineGivesTheIntervalsBeforeIt(@TempDir Path dir) throws Exception {
        Path whole = dir.resolve("whole.hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(whole))) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(1_000);
            writer.outputLegend();
            for (int i = 0; i < 3; i++) {
                Histogram h = CellRecorder.newHistogram();
                h.recordValue(1_000_000L * (i + 1));
                h.setStartTimeStamp(1_000 + 1_000L * i);
                h.setEndTimeStamp(2_000 + 1_000L * i);
                writer.outputIntervalHistogram(h);
            }
        }
        byte[] bytes = Files.readAllBytes(whole);
        int lastLine = new String(bytes, java.nio.charset.StandardCharsets.US_ASCII).stripTrailing().lastIndexOf('\n') + 1;
        for (int cut = lastLine; cut < bytes.length; cut += 7) {
            Path cutShort = dir.resolve("cut-" + cut + ".hlog");
            Files.write(cutShort, java.util.Arrays.copyOf(bytes, cut));
            List<Long> counts = new ArrayList<>();
            ResultsReader.forEachInterval(cutShort, interval -> counts.add(interval.histogram().getTotalCount()));
            assertTrue(counts.size() >= 2 && counts.size() <= 3, "cut at " + cut + ": " + counts);
            assertEquals(List.of(1L, 1L), counts.subList(0, 2));
        }
    }
}
