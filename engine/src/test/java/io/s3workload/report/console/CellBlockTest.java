package io.s3workload.report.console;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellCounts;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.report.GoldenFilesTest;
import io.s3workload.report.files.CsvReporter;
import io.s3workload.report.html.HtmlReporter;
import io.s3workload.testing.QuickTier;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The CPU line of a cell's block: whose CPU it is, and cores busy never above the CPUs the process may use. */
@Tag(QuickTier.TAG)
class CellBlockTest {

    /** 2.12 s of process CPU over a 1 s cell, as a 2-CPU host measured over a short cell. */
    private static CellStats cell() {
        Histogram latency = CellRecorder.newHistogram();
        latency.recordValue(5_000_000);
        latency.recordValue(7_000_000);
        return new CellStats(new CellKey("get", Op.GET, "s3", SizeSpec.of(DataSize.ofBytes(1 << 20))), 2, 2 << 20, 0,
                CellStats.Failures.NONE, new CellStats.Latencies(latency, CellRecorder.newHistogram(),
                CellRecorder.newHistogram(), List.of(), null), CellStats.Time.of(1_000_000_000L, 2_120_000_000L, -1),
                CellCounts.NONE, List.of(), null, null, null);
    }

    @Test
    void coresBusyAreBoundedByTheCpusTheProcessMayUse() {
        String block = CellBlock.of(cell(), false, new CellBlock.Cpu(false, 2, 10_000_000));
        assertTrue(block.contains("2.12 s process CPU, 2.00 of 2 cores busy"), block);
        assertFalse(block.contains("2.12 of"), block);
    }

    @Test
    void withTheServerInTheProcessTheCpuIsLabelledAsBoth() {
        String block = CellBlock.of(cell(), false, new CellBlock.Cpu(true, 4, 10_000_000));
        assertTrue(block.contains("2.12 s client + embedded server CPU, 2.12 of 4 cores busy"), block);
        assertTrue(block.contains("(2 attempts in 1.0s)") && block.contains("| 2 ok, 0 errors"), block);
    }

    @Test
    void cpuFiguresCarryTheDigitsTheTenMillisecondClockMeasured() {
        String block = CellBlock.of(cell(), false, new CellBlock.Cpu(false, 4, 10_000_000));
        // 2.12 s to 10 ms over 2 MiB and 2 operations: 1085 CPU-s/GiB to 5, 1060 CPU-ms/op to 5 (no decimals)
        assertTrue(block.contains("2.12 s process CPU, 2.12 of 4 cores busy, 1085 CPU-s/GiB, 1060 CPU-ms/op"),
                block);
    }

    @Test
    void aCellOfSeveralSizesListsItsLatencyPerSizeUnderItsTotalAlignedAndInEveryReport() {
        io.s3workload.result.RunReport report = GoldenFilesTest.report();
        io.s3workload.result.StageReport stage = report.stages().stream().filter(s -> s.name().equals("sizes"))
                .findFirst().orElseThrow();
        String block = CellBlock.of(stage.cells().get(0), false, new CellBlock.Cpu(false, 2, 10_000_000));
        assertTrue(block.contains("""
                    By size    - 4 KiB  3 ok  Avg: 2.00 ms, P50: 2.00 ms, P95: 3.00 ms, P99: 3.00 ms, Max: 3.00 ms
                                 1 MiB  1 ok  20.00 ms (one sample)
                """), block);
        assertTrue(block.indexOf("Latency") < block.indexOf("By size")
                && block.indexOf("By size") < block.indexOf("Throughput"), block);
        String html = HtmlReporter.page(report);
        assertTrue(html.contains("<table class=\"by-size\">") && html.contains("<td class=\"t\">1 MiB</td><td>1</td>"),
                html);
        assertTrue(CsvReporter.files(report).get(CsvReporter.BY_SIZE).contains("sizes,PUT,s3,w4KiB.70-1MiB.30,1 MiB,"));
    }

    /** The live progress line counts attempts against attempts planned, successes and errors beside them. */
    @Test
    void aProgressLineCountsAttemptsLikeTheBlock() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        ConsoleReporter console = new ConsoleReporter(new java.io.PrintStream(bytes, true,
                java.nio.charset.StandardCharsets.UTF_8), false, true);
        CellKey key = new CellKey("race", Op.PUT, "s3", SizeSpec.of(DataSize.ofBytes(64 << 10)));
        console.progress(new io.s3workload.result.Progress(key, 1_000_000_000L, java.util.OptionalLong.empty(), 168,
                java.util.OptionalLong.of(400), 168, 168 * 65536.0, 179, null,
                io.s3workload.result.Progress.Load.UNKNOWN));
        console.progress(new io.s3workload.result.Progress(key, 2_000_000_000L, java.util.OptionalLong.empty(), 1,
                java.util.OptionalLong.of(400), 1, 65536.0, 0, null, io.s3workload.result.Progress.Load.UNKNOWN));
        String out = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(out.contains("347/400 attempts") && out.contains("168 ok, 179 errors"), out);
        assertTrue(out.contains("1/400 attempts") && out.contains("1 ok, 0 errors"), out);
    }

    /** CPU per operation is over the successes, as CPU per GiB is over their bytes: the two agree. */
    @Test
    void cpuPerOperationAndPerGibAreOverTheSameSuccesses() {
        Histogram latency = CellRecorder.newHistogram();
        latency.recordValue(5_000_000);
        CellStats oneOfSixteen = new CellStats(new CellKey("race", Op.PUT, "s3",
                SizeSpec.of(DataSize.ofBytes(64 << 10))), 1, 64 << 10, 0, new CellStats.Failures(15,
                Map.of("HTTP 412 PreconditionFailed", 15L), Map.of(), Map.of()), new CellStats.Latencies(latency,
                CellRecorder.newHistogram(), CellRecorder.newHistogram(), List.of(), null),
                CellStats.Time.of(1_000_000_000L, 510_000_000L, -1), CellCounts.NONE, List.of(), null, null, null);
        String block = CellBlock.of(oneOfSixteen, false, new CellBlock.Cpu(false, 2, 10_000_000));
        assertTrue(block.contains("(16 attempts in ") && block.contains("1 ok, 15 errors"), block);
        assertTrue(block.contains("8356 CPU-s/GiB, 510 CPU-ms/op"), block);
    }
}
