package io.s3workload.report.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellCounts;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.result.Breach;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.RunInfo;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The console's seed-shaped lines as golden text, from fixed figures: the Wasabi loop lines with their
 * {@code Slowdowns = N}, and the t3-validator's closing TEST SUMMARY block, under a locale that writes numbers
 * otherwise. Regenerate with {@code -Dgolden.update=true} and review the diff.
 */
@Tag(QuickTier.TAG)
class ConsoleGoldenTest {

    private static final long MS = 1_000_000;
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

    private static Plan plan() throws Exception {
        return Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .parse("golden.yaml", """
                        bucket: golden
                        sections: {connectivity: CONNECTIVITY TESTS, consistency: CONSISTENCY TESTS,
                                   performance: PERFORMANCE TESTS, transcode: TRANSCODING WORKLOAD TESTS}
                        stages:
                          - {name: connectivity, kind: connectivity, tags: [connectivity]}
                          - {name: raw, kind: readAfterWrite, tags: [consistency], iterations: 50}
                          - {name: put, kind: put, size: 1MiB, duration: 60s, tags: [performance]}
                          - {name: get, kind: get, from: put, duration: 60s, tags: [performance]}
                          - {name: delete, kind: delete, from: put, tags: [performance]}
                          - {name: later, kind: put, size: 1KiB, objects: 1, tags: [transcode]}
                        """));
    }

    private static CellStats cell(String stage, Op op, long ok, Map<String, Long> errors, long wallMs) {
        Histogram latency = CellRecorder.newHistogram();
        for (long i = 0; i < ok; i++) {
            latency.recordValue(10 * MS);
        }
        long bytes = op == Op.DELETE || op == Op.HEAD_BUCKET ? 0 : ok << 20;
        return new CellStats(new CellKey(stage, op, "embedded", SizeSpec.of(DataSize.ofMiB(1))), ok, bytes, 0,
                new CellStats.Failures(errors.values().stream().mapToLong(Long::longValue).sum(), errors, Map.of(),
                Map.of()), new CellStats.Latencies(latency, CellRecorder.newHistogram(), CellRecorder.newHistogram(),
                List.of(), null), CellStats.Time.of(wallMs * MS, -1, -1), CellCounts.NONE, List.of(), null, null, null);
    }

    @Test
    void wasabiLoopLinesAndTheTestSummaryAreTheSameTextInEveryLocale() throws Exception {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            Plan plan = plan();
            StageResult put = new StageResult(plan.stage("put"), List.of(cell("put", Op.PUT, 5484,
                    Map.of("HTTP 503 SlowDown", 12L), 60_100)), 60_100 * MS, false);
            StageResult get = new StageResult(plan.stage("get"), List.of(cell("get", Op.GET, 5483, Map.of(),
                    60_100)), 60_100 * MS, false);
            StageResult delete = new StageResult(plan.stage("delete"), List.of(cell("delete", Op.DELETE, 5484,
                    Map.of(), 31)), 31 * MS, false);
            StringBuilder text = new StringBuilder();
            for (StageResult stage : List.of(put, get, delete)) {
                GroupBlocks.loopLines(1, stage).forEach(l -> text.append(l).append('\n'));
            }
            Histogram zeros = CellRecorder.newHistogram();
            StageResult connectivity = new StageResult(plan.stage("connectivity"), List.of(cell("connectivity",
                    Op.HEAD_BUCKET, 1, Map.of(), 3)), 3 * MS, false);
            StageResult raw = new StageResult(plan.stage("raw"), List.of(), 9_000 * MS, false).with(
                    new ConvergencePairs(List.of(new ConvergenceStats("embedded", "embedded", 50, 47, 0, 3, 0, 0,
                            new ConvergenceStats.Polls(60,
                            0, 0), zeros, zeros))));
            StageResult later = StageResult.skipped(plan.stage("later"), "interrupted");
            List<StageResult> all = new ArrayList<>(List.of(connectivity, raw, put, get, delete, later));
            RunResult result = new RunResult(new RunInfo("golden", "s3workload/golden/", 1, Instant.EPOCH, plan,
                    Map.of()), all, List.of(new Breach("get", "GET 1 MiB", "p99", "120 ms", "100 ms")),
                    CleanupResult.KEPT, false, 70_000 * MS);
            text.append(Sections.summary(result));
            Path golden = GOLDEN.resolve("console-seed-lines.txt");
            if (Boolean.getBoolean("golden.update")) {
                Files.writeString(golden, text, StandardCharsets.UTF_8);
            }
            assertEquals(Files.readString(golden, StandardCharsets.UTF_8), text.toString());
        } finally {
            Locale.setDefault(before);
        }
    }
}
