package io.s3workload.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellCounts;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.Snapshot;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.report.GoldenFilesTest;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageReport;
import io.s3workload.result.Summary;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.StageKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * report.html of a fixed run: who measured it, what each stage ran with, the composite table, charts only where a
 * cell ran long enough (a ramp's planned load among them) and convergence distributions for probes.
 */
@Tag(QuickTier.TAG)
class HtmlReportTest {

    private static final long MS = 1_000_000;

    @Test
    void theReportSaysWhoMeasuredWhatWithChartsOnlyWhereTheyHoldALine() {
        RunReport fixed = GoldenFilesTest.report();
        List<StageReport> stages = new ArrayList<>(fixed.stages());
        stages.add(longRampedStage());
        Histogram convergence = CellRecorder.newHistogram();
        for (int i = 1; i <= 40; i++) {
            convergence.recordValue(i * MS);
        }
        stages.add(new StageReport("raw-long", StageKind.READ_AFTER_WRITE, 5_000 * MS, false, false, List.of(), 0,
                Optional.empty(), Optional.empty(), List.of(new ConvergencePairs(List.of(new ConvergenceStats("a",
                        "b", 40, 10, 30, 0, 0, 0, new ConvergenceStats.Polls(90, 50, 0), convergence,
                                CellRecorder.newHistogram()))))));
        List<Summary.StageSetup> setups = new ArrayList<>(fixed.about().workload().stages());
        setups.add(new Summary.StageSetup(9, "ramp", "get", "s3", new Summary.Parallelism(2, 8, 8), List.of(),
                List.of(), "put",
                new Summary.Load(false, null, List.of(new Summary.RampStep(8, 4)), null), List.of(),
                GoldenFilesTest.settings("http")));
        Summary.Workload w = fixed.about().workload();
        RunReport.About about = new RunReport.About(fixed.about().tool(), fixed.about().jvm(), fixed.about().host(),
                new Summary.Workload(w.name(), w.source(), w.bucket(), w.prefix(), w.keep(), w.endpoints(), setups,
                        w.scale()),
                fixed.about().prefix(), null, List.of(), true, null, null, null);
        RunReport report = new RunReport(about, fixed.runId(), fixed.startedAt(), fixed.wallNanos(), fixed.seed(),
                fixed.exitCode(), fixed.interrupted(), fixed.endpointUrls(), stages, fixed.breaches(), fixed.cleanup(),
                Map.of());

        String html = HtmlReporter.page(report);

        for (String expected : List.of("s3workload 1.2.3 (commit abc1234)", "Test VM 21.0.1",
                "host host (Linux 6.1, amd64, 2 CPUs)", "CPU figures are client + server",
                "2 workers, ramp → 8 workers over 4 s, client http, endpoint s3", "<table class=\"compare\">",
                "ab <span class=\"meta\">compare: a vs b", "later <span class=\"meta\">delete, did not run: interrupted")) {
            assertTrue(html.contains(expected), "missing " + expected);
        }
        assertEquals(1, count(html, "<h3>"), "only the long cell gets charts; short ones are their table rows");
        for (String chart : List.of("chart throughput", "chart latency", "chart load", "chart distribution",
                "chart convergence")) {
            assertEquals(1, count(html, "class=\"" + chart + "\""), chart);
        }
        assertTrue(html.contains(">time to first byte<"), "the distribution has a TTFB line");
        assertFalse(html.contains("<script") || html.matches("(?s).*(src|href)=\"(https?:)?//.*"));
    }

    /** A bar whose operation never completed is drawn dashed to the timeline's end, and says so. */
    @Test
    void aBarWhoseOperationNeverCompletedIsDashedToTheEnd() {
        io.s3workload.result.ResultTimeline open = new io.s3workload.result.ResultTimeline("t", "t", "time (ms)",
                List.of("p3"), List.of(new io.s3workload.result.ResultTimeline.Bar(0, 3.5, null, "write w3",
                        io.s3workload.result.ResultTimeline.Outcome.UNKNOWN)));
        String drawn = SvgTimeline.draw(open);
        assertTrue(drawn.contains("stroke-dasharray") && drawn.contains("never completed"), drawn);
    }

    private static int count(String text, String what) {
        return text.split(java.util.regex.Pattern.quote(what), -1).length - 1;
    }

    /** Ten seconds of GETs ramping from 2 to 8 workers, 100 of them. */
    private static StageReport longRampedStage() {
        Histogram latency = CellRecorder.newHistogram();
        Histogram ttfb = CellRecorder.newHistogram();
        List<Snapshot> timeline = new ArrayList<>();
        for (int s = 1; s <= 10; s++) {
            Map<Percentile, Long> stats = new EnumMap<>(Percentile.class);
            for (Percentile p : Percentile.values()) {
                stats.put(p, (s + (long) p.percentile() / 10) * MS);
            }
            timeline.add(new Snapshot(s * 1_000 * MS, 1_000_000L + s * 1000, 1_000 * MS, 10, 10 << 20, 0, stats));
            for (int i = 0; i < 10; i++) {
                latency.recordValue((s + i) * MS);
                ttfb.recordValue((s + i) * MS / 2);
            }
        }
        CellStats cell = new CellStats(new CellKey("ramp", Op.GET, "s3", SizeSpec.of(DataSize.ofBytes(1 << 20))),
                100, 100L << 20, 0, CellStats.Failures.NONE, new CellStats.Latencies(latency, ttfb,
                CellRecorder.newHistogram(), List.of(), null), CellStats.Time.of(10_000 * MS, -1, -1), CellCounts.NONE,
                timeline, null, null, null);
        return new StageReport("ramp", StageKind.GET, 10_000 * MS, false, false, List.of(cell), 0,
                Optional.empty(), Optional.empty(), List.of());
    }
}
