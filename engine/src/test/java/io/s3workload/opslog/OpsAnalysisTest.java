package io.s3workload.opslog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdOutputStream;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.report.analyze.OpsAnalysis;
import io.s3workload.result.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze} over a real run's ops log gives the run's cells (the counts exactly, the percentiles within
 * HdrHistogram's precision), cuts a slice, reads warp's per-operation file in warp's own layout, and says in one line
 * what is wrong with a file that is not a log or is cut short.
 */
class OpsAnalysisTest {

    /**
     * Sized writes, an open loop of reads, deletes, HEADs of what is gone (every one an error), and a mix (a cell per
     * operation and their total, MIX, which the log has no rows of its own for).
     */
    private static final String STAGES = """
            stages:
              - {name: put, kind: put, sizes: [1KiB, 64KiB], objects: 30, concurrency: 4}
              - {name: get, kind: get, from: put, operations: 160, rate: 80/s, concurrency: 4}
              - {name: gone-after, kind: delete, from: put}
              - {name: gone, kind: head, from: put, operations: 5}
              - {name: mix, kind: mix, ops: {get: 50, put: 30, head: 20}, objects: 20, size: 4KiB, operations: 100,
                 concurrency: 4}
            """;

    @Test
    void theWholeLogGivesTheRunsOwnCells(@TempDir Path out) throws Exception {
        RunResult result = OpsLogTest.run(out, STAGES, List.of("ops", "json")); // its summary.json names the totals
        List<Path> files = OpsAnalysis.files(List.of(out));
        Map<List<String>, OpsAnalysis.CellFigures> cells = OpsAnalysis.cells(files, OpsAnalysis.Slice.ALL).stream()
                .collect(Collectors.toMap(OpsAnalysis.CellFigures::key, Function.identity()));
        int compared = 0;
        for (CellStats c : result.stages().stream().flatMap(s -> s.cells().stream()).toList()) {
            List<String> key = List.of(c.key().stage(), c.key().op().name(), c.key().endpoint(),
                    c.key().op().sized() ? c.key().size().label() : "");
            OpsAnalysis.CellFigures f = cells.get(key);
            assertTrue(f != null, key + " in " + cells.keySet());
            assertEquals(c.operations(), f.operations(), key.toString());
            assertEquals(c.errors(), f.errors(), key.toString());
            assertEquals(c.bytes(), f.bytes(), key.toString());
            assertEquals(c.errorsByClass(), f.errorsByClass(), key.toString());
            for (double p : new double[] {50, 90, 99, 100}) {
                if (c.operations() > 0) {
                    long want = c.latency().getValueAtPercentile(p);
                    long got = f.latency().getValueAtPercentile(p);
                    // the log keeps microseconds of an open loop's delay: within HdrHistogram's 0.1% and 1 us
                    assertTrue(Math.abs(want - got) <= want / 500 + 1_000, key + " p" + p + ": run " + want
                            + " ns, log " + got + " ns");
                }
            }
            compared++;
        }
        assertEquals(cells.size(), compared, "no cell the run did not have");
        assertTrue(cells.keySet().stream().anyMatch(k -> k.get(0).equals("gone")), "the failed HEADs' cell");
        List<String> mixOps = OpsAnalysis.cells(files, OpsAnalysis.Slice.ALL).stream().map(c -> c.key())
                .filter(k -> k.get(0).equals("mix")).map(k -> k.get(1)).toList();
        assertEquals("MIX", mixOps.get(mixOps.size() - 1), "the mix's total after its operations, as the run prints"
                + " it: " + mixOps);
        // the mix's cells ran on one clock (their seconds and segments count from it), not each from its first row
        var forReports = OpsAnalysis.read(files, OpsAnalysis.Slice.ALL, true);
        Long mixStart = forReports.cellStart().get(List.of("mix", "MIX", "s3", "4KiB"));
        assertTrue(mixStart != null, forReports.cellStart().toString());
        forReports.cellStart().forEach((key, start) -> {
            if (key.get(0).equals("mix")) {
                assertEquals(mixStart, start, key + " starts with the mix, not at its own first row or a"
                        + " preparation's");
            }
        });
        // --op MIX: the totals alone
        var totals = new OpsAnalysis.Slice(Optional.empty(), Optional.of("mix"), Optional.empty(), Optional.empty(), 0,
                0, Long.MIN_VALUE, Long.MAX_VALUE, Optional.empty(), false, false);
        assertEquals(List.of(List.of("mix", "MIX", "s3", "4KiB")), OpsAnalysis.cells(files, totals).stream()
                .map(OpsAnalysis.CellFigures::key).toList());

        var slice = new OpsAnalysis.Slice(Optional.of("get"), Optional.of("get"), Optional.empty(), Optional.empty(),
                500_000, 500_000, Long.MIN_VALUE, Long.MAX_VALUE, Optional.of(OpsAnalysis.By.WORKER), false, false);
        List<OpsAnalysis.CellFigures> sliced = OpsAnalysis.cells(files, slice);
        assertEquals(8, sliced.size(), "a row per worker of each of its two cells: " + sliced);
        long getOps = result.stages().stream().filter(s -> s.stage().name().equals("get"))
                .flatMap(s -> s.cells().stream()).mapToLong(CellStats::operations).sum();
        long kept = sliced.stream().mapToLong(OpsAnalysis.CellFigures::operations).sum();
        // 160 a cell due 12.5 ms apart: those begun in the 0.5 s after a cell's first are left out (some 40, a few
        // more where the first began late), the rest kept
        assertTrue(kept < getOps && kept >= getOps / 2, "the first 0.5 s of each cell left out: " + kept + " of "
                + getOps);
        String text = OpsAnalysis.analyze(files, slice);
        assertTrue(text.contains("Segments of 500 ms: get GET s3 1KiB 0"), text);

        // --first-access: each key's first read in a cell, and its repeats, add up to the cell
        var access = new OpsAnalysis.Slice(Optional.of("get"), Optional.empty(), Optional.empty(), Optional.empty(),
                0, 0, Long.MIN_VALUE, Long.MAX_VALUE, Optional.empty(), true, false);
        Map<List<String>, Long> split = OpsAnalysis.cells(files, access).stream().collect(Collectors.toMap(
                OpsAnalysis.CellFigures::key, c -> c.operations() + c.errors()));
        for (CellStats c : result.stages().stream().filter(s -> s.stage().name().equals("get"))
                .flatMap(s -> s.cells().stream()).toList()) {
            List<String> key = List.of("get", "GET", c.key().endpoint(), c.key().size().label());
            long first = split.getOrDefault(with(key, "first"), 0L);
            long repeat = split.getOrDefault(with(key, "repeat"), 0L);
            assertEquals(c.operations() + c.errors(), first + repeat, key.toString());
            assertTrue(first > 0 && first <= 30, "at most one first read per object: " + first);
            assertTrue(repeat > 0, "160 reads of 30 objects repeat some: " + split);
        }
    }

    private static List<String> with(List<String> key, String access) {
        List<String> k = new java.util.ArrayList<>(key);
        k.add(access);
        return k;
    }

    @Test
    void aSliceWrittenAsARunsResultsAddsUpToTheRun(@TempDir Path out) throws Exception {
        RunResult result = OpsLogTest.run(out, STAGES, List.of("ops", "json"));
        io.s3workload.report.analyze.OpsSliceReport.SliceReport sliced = io.s3workload.report.analyze.OpsSliceReport.of(
                OpsAnalysis.files(List.of(out)), OpsAnalysis.Slice.ALL, "the whole log");
        io.s3workload.result.Summary summary = io.s3workload.result.SummaryJson.of(sliced.report());
        assertEquals("the whole log", summary.run().slice());
        assertEquals(result.info().runId(), summary.run().id(), "the run's id, from its summary.json beside the log");
        int compared = 0;
        for (var stage : result.stages()) {
            var written = summary.stages().stream().filter(s -> s.name().equals(stage.stage().name())).findFirst()
                    .orElseThrow(() -> new AssertionError(stage.stage().name() + " not in the slice's summary"));
            assertEquals(stage.stage().kind().key(), written.kind(), "the kind its run had");
            for (CellStats c : stage.cells()) {
                var cell = written.cells().stream().filter(w -> w.op().equals(c.key().op().name())
                        && (!c.key().op().sized() || w.size().equals(c.key().size().label()))).findFirst()
                        .orElseThrow(() -> new AssertionError(c.key() + " not in " + written.cells()));
                String key = c.key().toString();
                assertEquals(c.operations(), cell.totals().operations(), key);
                assertEquals(c.errors(), cell.totals().errors(), key);
                assertEquals(c.bytes(), cell.totals().bytes(), key);
                assertEquals(c.errorsByClass(), cell.failed().errorsByClass(), key);
                assertEquals(c.openLoop(), cell.latencies().uncorrectedLatencyMs() != null, key + ": open loop or not");
                // the seconds add up to the cell, as a run's do
                assertEquals(c.operations(), cell.timeline().stream().mapToLong(t -> t.operations()).sum(), key);
                assertEquals(c.errors(), cell.timeline().stream().mapToLong(t -> t.errors()).sum(), key);
                assertEquals(c.bytes(), cell.timeline().stream().mapToLong(t -> t.bytes()).sum(), key);
                if (c.operations() > 0) {
                    double want = c.latency().getValueAtPercentile(99) / 1e6;
                    double got = cell.latencies().latencyMs().p99();
                    assertTrue(Math.abs(want - got) <= want / 500 + 0.001, key + " p99 " + want + " / " + got);
                }
                compared++;
            }
        }
        assertTrue(compared >= 6, "every cell compared: " + compared);
        assertEquals(Map.of(), sliced.leftOut(), "the measured slice has no row the reports cannot count");

        Path dir = out.resolve("sliced");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("summary.json"), io.s3workload.result.SummaryJson.write(summary));
        assertEquals(List.of(), io.s3workload.report.SummarySchema.missing(dir.resolve("summary.json")));
        List<Path> files = io.s3workload.report.finished.ReportFiles.write(sliced.report(), List.of("html", "csv"), dir);
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("cut by s3workload analyze from the whole log"), "the page says what it is");
        assertTrue(html.contains("id=\"stage-get\"") && html.contains("<svg"), "the get stage with its charts");
        assertTrue(Files.readString(dir.resolve("summary.csv")).lines().anyMatch(l -> l.startsWith("get,GET,")),
                "a CSV row for the get cell: " + files);

        // the tool's own requests have no cell in a run's reports: they are named, not dropped
        var own = new OpsAnalysis.Slice(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), 0, 0,
                Long.MIN_VALUE, Long.MAX_VALUE, Optional.empty(), false, true);
        var ownReport = io.s3workload.report.analyze.OpsSliceReport.of(OpsAnalysis.files(List.of(out)), own, "own");
        assertTrue(ownReport.leftOut().keySet().stream().anyMatch(k -> k.startsWith("List")), ownReport.leftOut()
                .toString());
    }

    @Test
    void warpsPerOperationFileIsReadInWarpsOwnLayout(@TempDir Path dir) throws Exception {
        // the layout warp's Operations.CSV writes (pkg/bench/ops.go): tab-separated, RFC 3339 times, a comment at the end
        StringBuilder warp = new StringBuilder(String.join("\t", OpsReader.WARP)).append('\n');
        for (int i = 0; i < 6; i++) {
            String start = "2026-11-26T12:00:0" + i + ".000000000Z";
            String end = "2026-11-26T12:00:0" + i + ".00" + (i + 1) + "500000Z";
            warp.append(String.join("\t", Integer.toString(i), Integer.toString(i % 2), i < 4 ? "GET" : "PUT",
                    "clientA", "1", "4096", "127.0.0.1:9000", "warp-bench/obj" + i, i == 3 ? "connection reset" : "",
                    start, i < 4 ? "2026-11-26T12:00:0" + i + ".000500000Z" : "", end, end,
                    Long.toString((i + 1) * 1_000_000L + 500_000), "0")).append('\n');
        }
        warp.append("# warp run: get, 2 threads\n");
        Path file = dir.resolve("warp-get-2026-11-26[120000]-abcd.csv.zst");
        try (OutputStream z = new ZstdOutputStream(Files.newOutputStream(file))) {
            z.write(warp.toString().getBytes(StandardCharsets.UTF_8));
        }
        Map<String, OpsAnalysis.CellFigures> cells = OpsAnalysis.cells(List.of(file), OpsAnalysis.Slice.ALL).stream()
                .collect(Collectors.toMap(c -> c.key().get(1), Function.identity()));
        assertEquals(3, cells.get("GET").operations());
        assertEquals(1, cells.get("GET").errors());
        assertEquals(Map.of("connection reset", 1L), cells.get("GET").errorsByClass());
        assertEquals(2, cells.get("PUT").operations());
        assertEquals(8192, cells.get("PUT").bytes());
        Histogram gets = cells.get("GET").latency();
        assertEquals(1_500_000, gets.getMinValue(), 1_500_000 / 500.0);
        assertEquals(3_500_000, gets.getMaxValue(), 3_500_000 / 500.0);
        assertTrue(OpsAnalysis.analyze(List.of(file), OpsAnalysis.Slice.ALL).contains("warp   GET  127.0.0.1:9000"),
                OpsAnalysis.analyze(List.of(file), OpsAnalysis.Slice.ALL));
    }

    @Test
    void aFileCutShortOrForeignIsOneLineSayingWhat(@TempDir Path dir) throws Exception {
        Path log = dir.resolve(OpsLog.FILE);
        try (OpsLog ops = OpsLog.open(log)) {
            for (int i = 0; i < 5000; i++) {
                ops.row().text("r").text("").text("s").text("GET").text("e").text("1KiB").number(i).text("e")
                        .text("127.0.0.1:9000").text("b").text("key-" + i * 7919).empty().number(1024).empty()
                        .number(i).empty().number(i + 1).empty().number(1000 + i).number(200).text(null).number(1)
                        .text("id" + i).text("").text("\"etag\"").empty().text("").end();
            }
        }
        byte[] whole = Files.readAllBytes(log);
        Path cut = Files.write(dir.resolve("cut.csv.zst"), java.util.Arrays.copyOf(whole, whole.length - 50));
        IOException shortened = assertThrows(IOException.class, () -> OpsAnalysis.cells(List.of(cut),
                OpsAnalysis.Slice.ALL));
        assertTrue(shortened.getMessage().startsWith(cut + ": cut short or corrupt") && shortened.getMessage()
                .contains("rows before it"), shortened.getMessage());
        Path foreign = Files.writeString(dir.resolve("notes.csv"), "name,age\nada,36\n");
        IOException notALog = assertThrows(IOException.class, () -> OpsAnalysis.cells(List.of(foreign),
                OpsAnalysis.Slice.ALL));
        assertEquals(foreign + ": not an ops log (ops.csv.zst) or warp's output (--full): its header lacks run, shard,"
                + " stage, op, cell_endpoint, size_class, worker, endpoint, host, bucket, key, version_id, bytes, range,"
                + " start_us, intended_us, end_us, ttfb_ns, latency_ns, status, error, attempts, request_id, id2, etag,"
                + " checksum, own (it begins \"name,age\")",
                notALog.getMessage());
        IOException none = assertThrows(IOException.class, () -> OpsAnalysis.files(List.of(dir.resolve("nope"))));
        assertEquals(dir.resolve("nope") + ": no such file or directory", none.getMessage());
        assertEquals(Op.GET.name(), OpsAnalysis.cells(List.of(log), OpsAnalysis.Slice.ALL).get(0).key().get(1));
    }
}
