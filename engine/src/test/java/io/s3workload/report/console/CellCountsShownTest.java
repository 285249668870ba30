package io.s3workload.report.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellCount;
import io.s3workload.metrics.CellCounts;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.report.GoldenFilesTest;
import io.s3workload.report.files.CsvReporter;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageReport;
import io.s3workload.result.SummaryCell;
import io.s3workload.result.SummaryJson;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.StageKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@link CellCount} goes through every format from its one description: counted by a recorder, added up
 * across shards, written to summary.json under its key and read back, a CSV column, and the console's line where
 * it has one; an open loop's counts are absent from a closed loop's cell.
 */
@Tag(QuickTier.TAG)
class CellCountsShownTest {

    private static final long MS = 1_000_000;

    /** A cell that counted each count a different number of times: 3, 4, 5, ... */
    private static CellStats counted(String stage, boolean openLoop) {
        CellRecorder recorder = new CellRecorder(new CellKey(stage, Op.GET, "s3", SizeSpec.of(DataSize.ofBytes(4096))));
        for (int i = 0; i < 10; i++) {
            recorder.success(5 * MS, 2 * MS, 4096);
            if (openLoop) {
                recorder.uncorrected(4 * MS);
            }
        }
        for (CellCount count : CellCount.ALL) {
            for (long i = 0; i < expected(count); i++) {
                recorder.count(count);
            }
        }
        return recorder.finish(1_000 * MS, -1, -1);
    }

    private static long expected(CellCount count) {
        return 3L + CellCount.ALL.indexOf(count);
    }

    private static RunReport withStage(List<CellStats> cells) {
        RunReport golden = GoldenFilesTest.report();
        List<StageReport> stages = new ArrayList<>(golden.stages());
        stages.add(new StageReport("counted", StageKind.GET, 1_000 * MS, false, false, cells, 6_000 * MS,
                Optional.empty(), Optional.empty(), List.of()));
        return new RunReport(golden.about(), golden.runId(), golden.startedAt(), golden.wallNanos(), golden.seed(),
                golden.exitCode(), golden.interrupted(), golden.endpointUrls(), stages, golden.breaches(),
                golden.cleanup(), golden.shardTimelines());
    }

    @Test
    void aCellRecorderCountsEachAndShardsAddThemUp() {
        CellStats cell = counted("counted", true);
        CellStats twice = CellStats.sum(List.of(cell, cell));
        for (CellCount count : CellCount.ALL) {
            assertEquals(expected(count), cell.counts().get(count), count.key);
            assertEquals(2 * expected(count), twice.counts().get(count), count.key + " over two shards");
        }
        EnumMap<CellCount, Long> some = new EnumMap<>(CellCount.class);
        some.put(CellCount.RETRIES, 7L);
        assertEquals(7 + expected(CellCount.RETRIES), cell.counts().plus(CellCounts.of(some)).get(CellCount.RETRIES));
    }

    @Test
    void summaryJsonWritesEachUnderItsKeyAndReadsItBack(@TempDir Path dir) throws Exception {
        RunReport report = withStage(List.of(counted("counted", true)));
        String json = SummaryJson.write(SummaryJson.of(report));
        JsonNode cell = new ObjectMapper().readTree(json).get("stages").get(report.stages().size() - 1).get("cells")
                .get(0);
        for (CellCount count : CellCount.ALL) {
            assertEquals(expected(count), cell.get(count.key).asLong(), count.key + " in " + cell);
        }
        Path file = Files.writeString(dir.resolve(SummaryJson.FILE), json);
        SummaryCell back = SummaryJson.read(file).stages().get(report.stages().size() - 1).cells().get(0);
        for (CellCount count : CellCount.ALL) {
            assertEquals(expected(count), back.counts().counts().get(count), count.key + " read back");
        }
    }

    @Test
    void aClosedLoopCellWritesNoOpenLoopCount() throws Exception {
        RunReport report = withStage(List.of(counted("counted", false)));
        JsonNode cell = new ObjectMapper().readTree(SummaryJson.write(SummaryJson.of(report))).get("stages")
                .get(report.stages().size() - 1).get("cells").get(0);
        for (CellCount count : CellCount.ALL) {
            if (count.openLoopOnly) {
                assertNull(cell.get(count.key), count.key + " in a closed loop's " + cell);
            } else {
                assertEquals(expected(count), cell.get(count.key).asLong(), count.key);
            }
        }
    }

    @Test
    void summaryCsvHasAColumnForEach() {
        RunReport report = withStage(List.of(counted("counted", true)));
        String[] lines = CsvReporter.files(report).get("summary.csv").split("\n", -1);
        List<String> header = List.of(lines[0].split(",", -1));
        List<String> row = List.of(lines[lines.length - 2].split(",", -1));
        assertEquals("counted", row.get(0));
        for (CellCount count : CellCount.ALL) {
            int column = header.indexOf(count.column);
            assertTrue(column >= 0, count.column + " in " + header);
            assertEquals(Long.toString(expected(count)), row.get(column), count.column);
        }
    }

    @Test
    void theConsoleGivesEachItsLineWhereItHasOne() {
        String block = CellBlock.of(counted("counted", true), false, new CellBlock.Cpu(false, 2, 10_000_000));
        for (CellCount count : CellCount.ALL) {
            if (count.consoleLabel != null) {
                assertTrue(block.contains(String.format("%-11s- %d %s", count.consoleLabel, expected(count),
                        count.consoleWords)), count.key + " in\n" + block);
            }
        }
        assertTrue(block.contains(expected(CellCount.LATE_STARTS) + " of 10 operations started more than"), block);
        String none = CellBlock.of(counted("none", false), false, new CellBlock.Cpu(false, 2, 10_000_000));
        assertFalse(none.contains("Schedule"), none);
        Map<CellCount, Long> zero = Map.of();
        assertEquals(CellCounts.NONE, CellCounts.of(zero));
    }
}
