package io.s3workload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.s3workload.ground.DataSize;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellCount;
import io.s3workload.metrics.CellCounts;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.Snapshot;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.StageGroup;
import io.s3workload.report.files.CsvReporter;
import io.s3workload.result.Breach;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageReport;
import io.s3workload.result.Summary;
import io.s3workload.result.SummaryJson;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.StageKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * summary.json, summary.csv, timeseries.csv and a composite table's CSV of one fixed run, byte for byte against
 * the files under {@code src/test/resources/golden/}, under default locales that write numbers differently (a
 * decimal comma, other digits, a dotted capital I). A change to a file's format shows here as a diff; when it is
 * meant, regenerate with {@code -Dgolden.update=true} and review the diff.
 */
@Tag(QuickTier.TAG)
public class GoldenFilesTest {

    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");
    private static final long MS = 1_000_000;

    @ParameterizedTest
    @ValueSource(strings = {"en-US", "de-DE", "tr-TR", "ar-EG", "hi-IN-u-nu-deva", "fr-CH"})
    void theFilesAreTheSameBytesInEveryLocale(String tag, @TempDir Path tmp) throws IOException {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.forLanguageTag(tag));
        try {
            RunReport report = report();
            Map<String, String> files = new LinkedHashMap<>(CsvReporter.files(report));
            String json = SummaryJson.write(SummaryJson.of(report));
            files.put(SummaryJson.FILE, json);
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path golden = GOLDEN.resolve(file.getKey());
                if (Boolean.getBoolean("golden.update") && tag.equals("en-US")) {
                    Files.createDirectories(GOLDEN);
                    Files.writeString(golden, file.getValue(), StandardCharsets.UTF_8);
                }
                assertEquals(Files.readString(golden, StandardCharsets.UTF_8), file.getValue(),
                        file.getKey() + " under " + tag);
            }
            assertEquals(List.of("summary.csv", "timeseries.csv", "by-size.csv", "table-ab.csv", "summary.json"),
                    List.copyOf(files.keySet()), "the files a run with a compare stage writes");

            Path written = tmp.resolve(SummaryJson.FILE);
            Files.writeString(written, json);
            assertEquals(json, SummaryJson.write(SummaryJson.read(written)), "read back and written again");
        } finally {
            Locale.setDefault(before);
        }
    }

    /**
     * A run of every shape the files have: closed and open loops, a probe, a compare stage, a skipped stage (a
     * fixture the kinds' own tests build on).
     */
    public static RunReport report() {
        Instant start = Instant.parse("2026-11-23T10:00:00Z");
        long epoch = start.toEpochMilli();
        CellStats put = cell(new CellKey("put", Op.PUT, "s3", SizeSpec.of(DataSize.parse("1KiB").orElseThrow())),
                20, 0, new long[] {2, 3, 3, 4, 9}, false, epoch, Map.of(), 0);
        CellStats get = cell(new CellKey("get", Op.GET, "s3", SizeSpec.of(DataSize.parse("4KiB").orElseThrow())),
                50, 2, new long[] {1, 1, 2, 2, 40}, true, epoch + 1000, Map.of("HTTP 503 SlowDown", 2L), 3)
                .withAccess(new io.s3workload.metrics.AccessStats("zipf 1.1", 100, 50, 40, 12, 31, 0.62));
        CellStats sized = bySize(cell(new CellKey("sizes", Op.PUT, "s3", SizeSpec.Weighted.named(
                "w4KiB.70-1MiB.30")), 10, 0, new long[] {1, 2, 3, 20}, false, epoch + 5000, Map.of(), 0),
                new long[] {4096, 1 << 20}, new long[][] {{1, 2, 3}, {20}});
        Histogram convergence = CellRecorder.newHistogram();
        for (long v : new long[] {0, 0, 120}) {
            convergence.recordValue(v * MS);
        }
        Histogram reads = CellRecorder.newHistogram();
        for (long v : new long[] {5, 7, 3}) {
            reads.recordValue(v * MS);
        }
        ConvergenceStats pair = new ConvergenceStats("s3", "s3", 4, 2, 1, 1, 0, 0, new ConvergenceStats.Polls(9, 5,
                1), convergence, reads);
        List<StageReport> stages = new ArrayList<>(List.of(
                stage("put", StageKind.PUT, List.of(put), List.of(), 0, Optional.empty()),
                stage("get", StageKind.GET, List.of(get), List.of(), 2_000 * MS, Optional.empty()),
                stage("raw", StageKind.READ_AFTER_WRITE, List.of(), List.of(pair), 2_000 * MS, Optional.empty())));
        for (String endpoint : List.of("a", "b")) {
            StageGroup group = new StageGroup("ab", StageKind.COMPARE, Optional.empty(), OptionalInt.empty(),
                    Optional.of(endpoint), OptionalInt.of(1), OptionalInt.empty(), false);
            CellStats c = cell(new CellKey("ab." + endpoint, Op.GET, endpoint,
                    SizeSpec.of(DataSize.parse("1MiB").orElseThrow())), 10, 0,
                    endpoint.equals("a") ? new long[] {10, 12, 14} : new long[] {11, 13, 18}, false, epoch + 4000,
                    Map.of(), 0);
            stages.add(new StageReport("ab." + endpoint, StageKind.GET, 1_000 * MS, false, false, List.of(c),
                    4_000 * MS, Optional.empty(), Optional.of(group), List.of()));
        }
        stages.add(stage("sizes", StageKind.PUT, List.of(sized), List.of(), 5_000 * MS, Optional.empty()));
        stages.add(stage("later", StageKind.DELETE, List.of(), List.of(), 0, Optional.of("interrupted")));
        Summary.Workload workload = new Summary.Workload("golden", "golden.yaml", "bucket", "s3workload/", false,
                List.of(new Summary.Endpoint("s3", "http://127.0.0.1:9000", "us-east-1", true, "s3", "static keys", null)),
                List.of(new Summary.StageSetup(0, "put", "put", "s3", new Summary.Parallelism(4, 4, 4), List.of(),
                        List.of(), null,
                        new Summary.Load(false, null, List.of(), null), List.of(new Summary.CellSetup("1KiB", 20L,
                        null, null)), settings("http"))), new Summary.Scale(0.01, List.of(
                new io.s3workload.workload.Scaled.Change("stages.put.size", "100KiB", "1 KiB"))));
        RunReport.About about = new RunReport.About(new Summary.Tool("s3workload", "1.2.3", "abc1234"),
                new Summary.Jvm("Test VM", "21.0.1", "Vendor"), new Summary.Host("host", "Linux 6.1", "amd64", 2),
                workload, "s3workload/20261123-100000-ab12/", null, List.of(), true, null, null, null);
        return new RunReport(about, "20261123-100000-ab12", start, 6_500 * MS, 42, 1, true,
                Map.of("s3", "http://127.0.0.1:9000"), stages,
                List.of(new Breach("get", "GET 4KiB s3", "p99", "40.0 ms", "30.0 ms")),
                new CleanupResult(false, 20, List.of("s3workload/x"), true, List.of("one error"), Optional.empty(),
                        List.of(new CleanupResult.Kept("s3workload/sources/1GiB/", 4, 4L << 30)), 0),
                Map.of());
    }

    /** The settings of a put stage, as {@code summary.json} carries them. */
    public static com.fasterxml.jackson.databind.node.ObjectNode settings(String client) {
        var settings = JsonNodeFactory.instance.objectNode().put("kind", "put").put("concurrency", 4);
        settings.putObject("client").put("kind", client);
        settings.putArray("sizes").add("1KiB");
        return settings;
    }

    private static StageReport stage(String name, StageKind kind, List<CellStats> cells,
                                     List<ConvergenceStats> pairs, long startNanos, Optional<String> skipped) {
        long wall = skipped.isPresent() ? 0 : 2_000 * MS;
        return new StageReport(name, kind, wall, false, name.equals("get"), cells, startNanos, skipped,
                Optional.empty(), pairs.isEmpty() ? List.of() : List.of(new ConvergencePairs(pairs)));
    }

    /** A cell whose latencies are {@code millis}, over two seconds, the first holding all but the last. */
    static CellStats cell(CellKey key, long operations, long errors, long[] millis, boolean openLoop,
                                  long epochMs, Map<String, Long> errorsByClass, long late) {
        Histogram latency = CellRecorder.newHistogram();
        Histogram ttfb = CellRecorder.newHistogram();
        Histogram uncorrected = CellRecorder.newHistogram();
        for (long v : millis) {
            latency.recordValue(v * MS);
            if (key.op() != Op.PUT) {
                ttfb.recordValue(v * MS / 2);
            }
            if (openLoop) {
                uncorrected.recordValue(v * MS * 3 / 4);
            }
        }
        List<Snapshot> timeline = List.of(
                new Snapshot(1_000 * MS, epochMs + 1000, 1_000 * MS, operations - 1, (operations - 1) * 1024,
                        errors, stats(millis[0], millis[millis.length - 2])),
                new Snapshot(1_500 * MS, epochMs + 1500, 500 * MS, 1, 1024, 0, stats(millis[millis.length - 1],
                        millis[millis.length - 1])));
        Map<String, List<String>> examples = errorsByClass.isEmpty() ? Map.of()
                : Map.of(errorsByClass.keySet().iterator().next(), List.of("GET k1: slow down, please"));
        return new CellStats(key, operations, operations * 1024, 0, new CellStats.Failures(errors, errorsByClass,
                examples, Map.of()), new CellStats.Latencies(latency, ttfb, uncorrected, List.of(), null),
                CellStats.Time.of(1_500 * MS, 250 * MS, 1 << 20), CellCounts.of(Map.of(CellCount.LATE_STARTS, late,
                CellCount.RETRIES, 1L)), timeline, null, null, null);
    }

    /** {@code cell} with a size bucket per size, the latencies of bucket i {@code millis[i]}. */
    private static CellStats bySize(CellStats c, long[] sizes, long[][] millis) {
        List<io.s3workload.metrics.SizeBucketStats> buckets = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            Histogram h = CellRecorder.newHistogram();
            for (long v : millis[i]) {
                h.recordValue(v * MS);
            }
            buckets.add(new io.s3workload.metrics.SizeBucketStats(DataSize.ofBytes(sizes[i]).toString(), sizes[i],
                    sizes[i], millis[i].length, h));
        }
        return new CellStats(c.key(), c.operations(), c.bytes(), c.items(), c.failures(),
                new CellStats.Latencies(c.latency(), c.ttfb(), c.uncorrected(), buckets, c.writes()), c.time(),
                c.counts(), c.timeline(), c.access(), c.notable(), c.server());
    }

    private static Map<Percentile, Long> stats(long lowMs, long highMs) {
        Map<Percentile, Long> stats = new EnumMap<>(Percentile.class);
        for (Percentile p : Percentile.values()) {
            stats.put(p, (p == Percentile.MAX || p.percentile() >= 99 ? highMs : lowMs) * MS);
        }
        return stats;
    }
}
