package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.plan.StagePlan;
import io.s3workload.report.console.ConsoleReporter;
import io.s3workload.result.RunReport;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.result.Summary;
import io.s3workload.result.SummaryJson;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** sweep, compare and loops expand into ordinary stages that run and report as the replaced tools print them. */
class CompositeStagesTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("composites");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** Two endpoint names for the one server. */
    private static Plan plan(String stages) throws Exception {
        String yaml = """
                bucket: composites
                endpoints:
                  direct: {url: "${URL}", credentials: {accessKey: "${AK}", secretKey: "${SK}"}}
                  proxy: {url: "${URL}", credentials: {accessKey: "${AK}", secretKey: "${SK}"}}
                defaults: {endpoint: direct}
                stages:
                """ + stages;
        return Planner.plan(new WorkloadLoader(Map.of("URL", s3.endpoint().toString(), "AK", s3.server().accessKey(),
                "SK", s3.server().secretKey()), List.of(), Optional.empty(), Optional.empty()).parse("c.yaml", yaml));
    }

    private static String run(Plan plan, List<RunResult> into) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        into.add(new Engine(plan, List.of(new ConsoleReporter(new PrintStream(out, true, StandardCharsets.UTF_8), false,
                false))).run());
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Sizes a scale made odd name the members as a person reads them; exact bytes only where two would clash. */
    @Test
    void aSweepsMembersAreNamedBySizesAPersonReads() throws Exception {
        Plan plan = plan("  - {name: sw, kind: sweep, threads: [1], sizes: [1677722, 51KiB], operations: 3, objects: 2}\n");
        assertEquals(List.of("sw.1.6MiB.upload", "sw.1.6MiB.t1", "sw.51KiB.upload", "sw.51KiB.t1"),
                plan.stages().stream().map(StagePlan::name).toList());
        Plan clash = plan("  - {name: sw, kind: sweep, threads: [1], sizes: [1677722, 1677800], operations: 3,"
                + " objects: 2}\n");
        assertEquals(List.of("sw.1677722B.upload", "sw.1677722B.t1", "sw.1677800B.upload", "sw.1677800B.t1"),
                clash.stages().stream().map(StagePlan::name).toList());
    }

    @Test
    void aSweepRunsEveryThreadCountAtEverySizeAndPrintsATablePerSize() throws Exception {
        Plan plan = plan("  - {name: sw, kind: sweep, threads: [1, 3], sizes: [2KiB, 8KiB], operations: 30, objects: 6}\n");
        assertEquals(List.of("sw.2KiB.upload", "sw.2KiB.t1", "sw.2KiB.t3", "sw.8KiB.upload", "sw.8KiB.t1",
                "sw.8KiB.t3"), plan.stages().stream().map(StagePlan::name).toList());
        assertEquals(3, plan.stages().get(2).concurrency());
        assertEquals(java.util.Optional.of("sw.8KiB.upload"), plan.stages().get(5).from());

        List<RunResult> results = new java.util.ArrayList<>();
        String out = run(plan, results);

        for (StageResult stage : results.get(0).stages()) {
            CellStats cell = stage.cells().get(0);
            assertEquals(stage.stage().name().endsWith("upload") ? 6 : 30, cell.operations(), stage.stage().name());
            assertEquals(0, cell.errors());
        }
        assertTrue(out.contains("Download performance with 2 KiB objects (sw)"), out);
        assertTrue(out.contains("Download performance with 8 KiB objects (sw)"), out);
        assertTrue(out.contains("| Threads |     Throughput |  avg   min   p25   p50   p75   p90   p99   max |"), out);
        assertEquals(4, out.lines().filter(l -> l.matches("\\|\\s+[13] \\|\\s+[0-9.]+ MiB/s \\|.*")).count(), out);

        Summary.Table table = tables(results.get(0)).get(0);
        assertEquals("sweep", table.kind());
        assertEquals(4, table.rows().size(), "a row per size and thread count, the uploads left out: " + table);
        assertEquals(List.of("2KiB", 1, "GET", 30L, 0L), table.rows().get(0).subList(0, 5));
        assertEquals(List.of("8KiB", 3, "GET", 30L, 0L), table.rows().get(3).subList(0, 5));
    }

    /** The composite tables of a run, as summary.json, the CSV files and the HTML report carry them. */
    private static List<Summary.Table> tables(RunResult result) {
        return SummaryJson.of(RunReport.of(result)).tables();
    }

    @Test
    void compareRunsTheInnerStageOnEachEndpointInterleavedAndPrintsThemSideBySide() throws Exception {
        Plan plan = plan("""
                  - name: ab
                    kind: compare
                    endpoints: [direct, proxy]
                    order: interleaved
                    rounds: 2
                    stage: {kind: put, size: 4KiB, operations: 20, concurrency: 2}
                """);
        assertEquals(List.of("ab.direct.1", "ab.proxy.1", "ab.direct.2", "ab.proxy.2"),
                plan.stages().stream().map(StagePlan::name).toList());
        assertEquals(List.of("direct", "proxy", "direct", "proxy"),
                plan.stages().stream().map(StagePlan::endpoint).toList());

        List<RunResult> results = new java.util.ArrayList<>();
        String out = run(plan, results);

        assertTrue(out.contains("Compare ab: direct vs proxy (2 rounds each, added up); Δ against direct"), out);
        String proxyRow = out.lines().filter(l -> l.contains("PUT 4 KiB") && l.contains(" proxy ")).findFirst()
                .orElseThrow();
        assertTrue(proxyRow.matches(".*proxy\\s+40\\s+0\\s.*[+-][0-9.]+%.*"), proxyRow);

        Summary.Table table = tables(results.get(0)).get(0);
        assertEquals("compare", table.kind());
        assertEquals(2, table.rows().size(), table.toString());
        List<Object> proxy = table.rows().get(1);
        assertEquals(List.of("PUT 4 KiB", "proxy", 40L, 0L), proxy.subList(0, 4), "both rounds added up");
        double ratio = (Double) proxy.get(4) / (Double) table.rows().get(0).get(4);
        assertEquals(ratio, (Double) proxy.get(9), 1e-9, "the ratio is of the two rows' ops/s");
        double deltaAvg = (Double) proxy.get(6) - (Double) table.rows().get(0).get(6);
        assertEquals(deltaAvg, (Double) proxy.get(10), 1e-9, "Δavg is the rows' difference");
    }

    @Test
    void loopsRepeatTheirStagesReadingTheirOwnLoopsObjectsAndPrintWasabiLines() throws Exception {
        Plan plan = plan("""
                  - name: w
                    kind: loops
                    count: 2
                    stages:
                      - {name: put, kind: put, size: 4KiB, objects: 12, concurrency: 3}
                      - {name: get, kind: get, from: put, operations: 24, concurrency: 3}
                      - {name: delete, kind: delete, from: put}
                """);
        assertEquals(Optional.of("w.2.put"), plan.stages().get(4).from());
        assertEquals(Optional.of("w.2.put"), plan.stages().get(5).from());

        List<RunResult> results = new java.util.ArrayList<>();
        String out = run(plan, results);

        List<Long> ops = results.get(0).stages().stream().map(s -> s.cells().get(0).operations()).toList();
        assertEquals(List.of(12L, 24L, 12L, 12L, 24L, 12L), ops);
        assertTrue(out.contains("Loop 1: PUT time "), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("  Loop 2: GET time [0-9.]+ (secs|ms), objects = 24, speed ="
                + " [0-9.]+MB/sec, [0-9.]+ operations/sec\\. Slowdowns = 0")), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("  Loop 2: DELETE time [0-9.]+ (secs|ms), [0-9.]+ deletes/sec\\."
                + " Slowdowns = 0")), out);
        assertTrue(out.contains("Loops w:"), out);

        Summary.Table table = tables(results.get(0)).get(0);
        assertEquals("loops", table.kind());
        assertEquals(ops, table.rows().stream().map(r -> (Long) r.get(4)).toList(), "a row per loop and stage");
        assertEquals(List.of(2, "w.2.delete", "DELETE"), table.rows().get(5).subList(0, 3));
    }
}
