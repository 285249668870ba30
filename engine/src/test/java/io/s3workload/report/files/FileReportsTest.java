package io.s3workload.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.metrics.CellStats;
import io.s3workload.report.Reporters;
import io.s3workload.report.SummarySchema;
import io.s3workload.report.finished.ReportFiles;
import io.s3workload.report.finished.ResultsReader;
import io.s3workload.report.finished.RunComparison;
import io.s3workload.report.html.HtmlCharts;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.run.Engine;
import io.s3workload.testing.TestS3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** csv and json reports of a real run: the figures match the run's, units are named, no secret is written. */
class FileReportsTest {

    private static TestS3 s3;
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path out;
    private static RunResult result;

    @BeforeAll
    static void start() throws Exception {
        s3 = new TestS3();
        s3.createBucket("reports");
        result = run(out);
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static RunResult run(Path out) throws Exception {
        ResultsDirectory results = new ResultsDirectory(Optional.of(out));
        List<Reporter> reporters = Reporters.create(List.of("csv", "json", "hdr", "html"), new Reporters.Settings(System.out,
                false, false, results, "test-version"));
        return new Engine(s3.plan("""
                bucket: reports
                stages:
                  - {name: put, kind: put, sizes: [1KiB, 4KiB], objects: 20, concurrency: 4}
                  - {name: get, kind: get, from: put, operations: 50, rate: 50/s, concurrency: 2}
                  - {name: raw, kind: readAfterWrite, iterations: 3}
                """), reporters).run();
    }

    @Test
    void csvAndJsonCarryTheRunsFigures() throws Exception {
        List<CellStats> cells = result.stages().stream().flatMap(s -> s.cells().stream()).toList();

        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertTrue(summary.get(0).startsWith("stage,op,endpoint,size,operations,errors,bytes,seconds,ops_per_s,"
                + "mib_per_s,gbps,latency_avg_ms,latency_p50_ms"), summary.get(0));
        assertEquals(cells.size() + 1, summary.size(), "a header and a row per cell");
        assertTrue(summary.get(1).startsWith("put,PUT,s3,1KiB,20,0,20480,"), summary.get(1));
        List<String> series = Files.readAllLines(out.resolve("timeseries.csv"));
        assertEquals(cells.stream().mapToInt(c -> c.timeline().size()).sum() + 1, series.size());
        long perSecond = series.stream().skip(1).filter(l -> l.startsWith("get,GET,s3,1KiB,"))
                .mapToLong(l -> Long.parseLong(l.split(",")[7])).sum();
        assertEquals(cellOf(result, "get").operations(), perSecond, "the seconds add up to the cell");

        JsonNode json = JSON.readTree(out.resolve("summary.json").toFile());
        assertEquals(io.s3workload.result.Summary.SCHEMA_VERSION, json.get("schemaVersion").asInt());
        assertEquals(io.s3workload.result.Provenance.version(), json.at("/tool/version").asText());
        assertFalse(json.at("/tool/version").asText().contains("${"), "the version is filled in by the build");
        JsonNode settings = json.at("/workload/stages/0/settings");
        assertEquals(4, settings.get("concurrency").asInt(), "settings are JSON: " + settings);
        assertEquals("1KiB", settings.at("/sizes/0").asText(), settings.toString());
        assertEquals(50.0, json.at("/workload/stages/1/settings/load/ratePerSecond").asDouble());
        assertEquals(result.info().runId(), json.at("/run/id").asText());
        assertEquals(3, json.get("stages").size());
        JsonNode get = json.at("/stages/1/cells/0");
        assertEquals(cellOf(result, "get").operations(), get.get("operations").asLong());
        assertTrue(get.has("uncorrectedLatencyMs") && get.has("lateStarts"), "open-loop figures: " + get);
        assertEquals(3, json.at("/stages/2/convergence/0/iterations").asLong());
        assertEquals(50.0, json.at("/workload/stages/1/load/ratePerSecond").asDouble());

        for (String file : List.of("summary.csv", "timeseries.csv", "summary.json")) {
            String text = Files.readString(out.resolve(file));
            assertFalse(text.contains(s3.server().secretKey()) || text.contains(s3.server().accessKey()),
                    "no credential in " + file);
        }
    }

    @Test
    void theHtmlReportIsSelfContainedWithChartsOnlyWhereACellHoldsThem() throws Exception {
        String html = Files.readString(out.resolve("report.html"));
        List<CellStats> cells = result.stages().stream().flatMap(s -> s.cells().stream()).toList();
        long timed = cells.stream().filter(HtmlCharts::hasTimeCharts).count();
        long distributions = cells.stream().filter(c -> c.latency().getTotalCount() >= HtmlCharts.MIN_SAMPLES).count();
        assertEquals(timed, html.split("class=\"chart throughput\"", -1).length - 1);
        assertEquals(timed, html.split("class=\"chart latency\"", -1).length - 1);
        assertEquals(distributions, html.split("class=\"chart distribution\"", -1).length - 1);
        assertTrue(distributions > 0 && timed < cells.size(), "the run has short cells and ones with enough samples");
        assertTrue(html.contains("<table class=\"convergence\">"), "the probe's pairs");
        assertTrue(html.contains("4 workers, client http, endpoint s3"), "what the put stage ran with");
        assertFalse(html.contains("<script") || html.matches("(?s).*(src|href)=\"(https?:)?//.*"),
                "no script, nothing fetched");
        assertFalse(html.contains(s3.server().secretKey()));
    }

    @Test
    void theWorkloadKnowsEveryReportTheRegistryHas() {
        assertEquals(io.s3workload.workload.Workload.REPORTS, Reporters.names());
    }

    @Test
    void aRunComparedWithItselfShowsNoDifference() throws Exception {
        String text = RunComparison.compare(out, out.resolve("summary.json"));
        assertTrue(text.contains("A: test, run " + result.info().runId()), text);
        long rows = text.lines().filter(l -> l.matches("^(put|get|raw) .*")).count();
        assertEquals(result.stages().stream().mapToLong(s -> s.cells().size()).sum(), rows, text);
        assertTrue(text.lines().filter(l -> l.matches("^(put|get|raw) .*")).allMatch(l -> l.contains(" 1.000 ")
                && l.contains("+0.00")), text);
        var e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> RunComparison.compare(out.resolve("missing"), out));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void hdrLogsReadBackToTheCellsCountsExactly() throws Exception {
        for (StageResult stage : result.stages()) {
            for (CellStats cell : stage.cells()) {
                Path log = out.resolve("hdr").resolve(HdrLogReporter.fileName(cell.key()));
                org.HdrHistogram.Histogram merged = io.s3workload.metrics.CellRecorder.newHistogram();
                int intervals = 0;
                try (var reader = new org.HdrHistogram.HistogramLogReader(log.toFile())) {
                    for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                        if ("latency".equals(h.getTag())) {
                            merged.add((org.HdrHistogram.Histogram) h);
                            intervals++;
                        }
                    }
                }
                assertEquals(cell.latency().getTotalCount(), merged.getTotalCount(), log.toString());
                assertEquals(cell.latency().getValueAtPercentile(99), merged.getValueAtPercentile(99), log.toString());
                assertTrue(intervals >= 1, log.toString());
            }
        }
    }

    @Test
    void reportRebuildsTheHtmlAndCsvFilesExactlyFromSummaryJsonAndTheHdrLogs(@TempDir Path copy) throws Exception {
        Files.copy(out.resolve("summary.json"), copy.resolve("summary.json"));
        Files.createDirectories(copy.resolve("hdr"));
        try (var logs = Files.list(out.resolve("hdr"))) {
            for (Path log : logs.toList()) {
                Files.copy(log, copy.resolve("hdr").resolve(log.getFileName()));
            }
        }
        assertTrue(Files.exists(copy.resolve("hdr").resolve("raw.convergence.hlog")), "the probe's pairs are logged");

        List<Path> written = ReportFiles.write(ResultsReader.read(copy), List.of("html", "csv"), copy);

        assertEquals(4, written.size(), written.toString());
        for (String file : List.of("report.html", "summary.csv", "timeseries.csv", "slowest.csv")) {
            assertEquals(Files.readString(out.resolve(file)), Files.readString(copy.resolve(file)), file);
        }
    }

    @Test
    void reportSaysWhatIsMissing(@TempDir Path empty) throws Exception {
        var noSummary = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> ResultsReader.read(empty));
        assertTrue(noSummary.getMessage().contains("summary.json does not exist"), noSummary.getMessage());
        Files.copy(out.resolve("summary.json"), empty.resolve("summary.json"));
        var noLogs = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> ResultsReader.read(empty));
        assertTrue(noLogs.getMessage().contains("--report json,hdr"), noLogs.getMessage());
        Files.createDirectories(empty.resolve("hdr"));
        var noLog = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> ResultsReader.read(empty));
        assertTrue(noLog.getMessage().contains("put.PUT.s3.1KiB.hlog does not exist"), noLog.getMessage());
        var unknown = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ReportFiles.write(ResultsReader.read(out), List.of("htm"), empty));
        assertTrue(unknown.getMessage().contains("did you mean 'html'"), unknown.getMessage());
    }

    @Test
    void summaryJsonHasEveryFieldTheSchemaRequires() throws Exception {
        assertEquals(List.of(), SummarySchema.missing(out.resolve("summary.json")));
    }

    private static CellStats cellOf(RunResult result, String stage) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).map(StageResult::cells)
                .findFirst().orElseThrow().get(0);
    }
}
