package io.s3workload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.SizeSpec;
import io.s3workload.kinds.capacity.CapacitySearch;
import io.s3workload.kinds.capacity.CapacityStage;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.report.console.FindingBlocks;
import io.s3workload.report.files.CsvReporter;
import io.s3workload.report.finished.RunComparison;
import io.s3workload.report.html.HtmlReporter;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageReport;
import io.s3workload.result.SummaryJson;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.StageKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a stage finds beyond its cells — a capacity search's answer and steps, a probe's convergence — in every
 * format, byte for byte against {@code src/test/resources/golden/findings/}: the console's blocks and summary
 * table, the CSV files, summary.json and the HTML page of one fixed run. Written before these results were moved
 * onto their descriptions ({@link io.s3workload.result.Finding}), so the move is shown to change no output.
 * Regenerate with {@code -Dgolden.update=true} when a change is meant, and review the diff.
 */
@Tag(QuickTier.TAG)
class FindingsGoldenTest {

    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "findings");
    private static final long MS = 1_000_000;

    @Test
    void capacityAndConvergenceRenderAsTheGoldenFilesSay() throws IOException {
        RunReport report = report();
        Map<String, String> files = new LinkedHashMap<>();
        StageReport capacity = report.stages().stream().filter(s -> s.kind() == StageKind.CAPACITY).findFirst()
                .orElseThrow();
        files.put("console.txt", FindingBlocks.stage(capacity) + "--- summary ---\n"
                + FindingBlocks.summary(report.stages()));
        CsvReporter.files(report).forEach((name, text) -> {
            if (name.startsWith("table-")) {
                files.put(name, text);
            }
        });
        files.put(SummaryJson.FILE, SummaryJson.write(SummaryJson.of(report)));
        files.put(HtmlReporter.FILE, HtmlReporter.page(report));
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path golden = GOLDEN.resolve(file.getKey());
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(GOLDEN);
                Files.writeString(golden, file.getValue(), StandardCharsets.UTF_8);
            }
            assertEquals(Files.readString(golden, StandardCharsets.UTF_8), file.getValue(), file.getKey());
        }
        assertEquals(List.of("console.txt", "table-ab.csv", "table-cap.csv", SummaryJson.FILE, HtmlReporter.FILE),
                List.copyOf(files.keySet()), "the files compared");
    }

    /**
     * {@code compare} of that run (A) with one whose third step held too (B), against {@code compare.txt}: the
     * capacity table, written from each stage's answers in summary.json, as it was when compare read the capacity
     * search itself (recorded before the move).
     */
    @Test
    void compareSetsTheCapacityAnswersSideBySideAsTheGoldenFileSays(@TempDir Path dir) throws IOException {
        Path a = Files.writeString(dir.resolve("a.json"), SummaryJson.write(SummaryJson.of(report())));
        Path b = Files.writeString(dir.resolve("b.json"), SummaryJson.write(SummaryJson.of(report(false))));
        String compared = RunComparison.compare(a, b);
        Path golden = GOLDEN.resolve("compare.txt");
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(golden, compared, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), compared);
    }

    /** {@link GoldenFilesTest}'s run with a capacity search after it: one step held, one held, one broke p99. */
    static RunReport report() {
        return report(true);
    }

    /** ... the third step broken ({@code breaks}) or held. */
    static RunReport report(boolean breaks) {
        RunReport base = GoldenFilesTest.report();
        long epoch = base.startedAt().toEpochMilli();
        SizeSpec size = SizeSpec.of(DataSize.parse("16KiB").orElseThrow());
        long[][] latencies = {{2, 3, 4}, {3, 5, 9}, breaks ? new long[] {20, 60, 90} : new long[] {4, 6, 12}};
        double[] offered = {100, 200, 400};
        List<CellStats> steps = new ArrayList<>();
        List<CapacitySearch.Step> searched = new ArrayList<>();
        for (int i = 0; i < offered.length; i++) {
            steps.add(GoldenFilesTest.cell(new CellKey("cap.step" + (i + 1), Op.GET, "s3", size), 100 * (i + 1),
                    i == 2 && breaks ? 3 : 0, latencies[i], true, epoch + 7000 + 2000L * i,
                    i == 2 && breaks ? Map.of("HTTP 503 SlowDown", 3L) : Map.of(), 0));
            searched.add(new CapacitySearch.Step(offered[i], Optional.empty()));
        }
        CapacityStage.Slo slo = new CapacityStage.Slo(Map.of(Percentile.P99, Duration.ofMillis(50)),
                OptionalDouble.of(1), OptionalDouble.empty());
        CapacitySearch search = new CapacitySearch(slo, CapacityStage.Mode.RATE, 10, searched,
                CapacitySearch.End.CONVERGED);
        List<StageReport> stages = new ArrayList<>(base.stages());
        stages.add(new StageReport("cap", StageKind.CAPACITY, 6_000 * MS, false, false, steps, 7_000 * MS,
                Optional.empty(), Optional.empty(), List.of(search)));
        return new RunReport(base.about(), base.runId(), base.startedAt(), 13_500 * MS, base.seed(), base.exitCode(),
                base.interrupted(), base.endpointUrls(), stages, base.breaches(), base.cleanup(),
                base.shardTimelines());
    }
}
