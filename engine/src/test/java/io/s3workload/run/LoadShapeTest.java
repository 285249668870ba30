package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.opslog.OpsRecord;
import io.s3workload.plan.Planner;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunResult;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.OpsRows;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Open-loop rates with the coordinated-omission correction, ramps, think time, per-second thresholds. */
class LoadShapeTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("load");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static RunResult run(String url, String stages) throws Exception {
        return run(url, stages, List.of());
    }

    private static RunResult run(String url, String stages, List<Reporter> reporters) throws Exception {
        String yaml = """
                endpoints:
                  s3: {url: "%s", credentials: {accessKey: "%s", secretKey: "%s"}}
                bucket: load
                """.formatted(url, s3.server().accessKey(), s3.server().secretKey()) + stages;
        return new Engine(Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .parse("load.yaml", yaml)), reporters).run();
    }

    private static CellStats cell(RunResult result, int stage) {
        return result.stages().get(stage).cells().get(0);
    }

    /** A front that holds the {@code nth} GET for {@code stallMillis}, or every request for {@code everyMillis}. */
    private static HttpFront front(int nth, long stallMillis, long everyMillis) {
        AtomicInteger gets = new AtomicInteger();
        return HttpFront.start(s3.endpoint(), new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                long pause = everyMillis;
                if (request.method().equals("GET") && request.key().isPresent() && gets.incrementAndGet() == nth) {
                    pause += stallMillis;
                }
                if (pause > 0) {
                    try {
                        Thread.sleep(pause);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return null;
            }
        });
    }

    /**
     * 150 GETs due 20 ms apart on one worker, the 20th held 1.5 s: the 75 due meanwhile start when it ends. Those due
     * in its first half second wait more than a second (a sixth of the cell: the corrected p99), each started late
     * because the worker was busy (capped); the uncorrected times, from each GET's own start, hold one slow one.
     * Count-bound, so that no figure depends on how many GETs a machine fits in a time.
     */
    @Test
    void aStalledServerShowsInTheCorrectedPercentilesOnly() throws Exception {
        try (HttpFront stalling = front(20, 1500, 0)) {
            RunResult result = run(stalling.endpoint().toString(), """
                    stages:
                      - {name: get, kind: get, sizes: [4KiB], objects: 4, rate: 50/s, concurrency: 1, operations: 150}
                    """);
            CellStats get = cell(result, 0);
            assertEquals(150, get.operations());
            long corrected = get.latency().getValueAtPercentile(99);
            assertTrue(corrected >= 1_000_000_000L, "corrected p99 counts the wait behind the stall: " + corrected);
            assertTrue(get.latency().getCountBetweenValues(1_000_000_000L, Long.MAX_VALUE) >= 20,
                    "the GETs due in the stall's first half second waited a second");
            assertEquals(1, get.uncorrected().getCountBetweenValues(1_400_000_000L, Long.MAX_VALUE),
                    "uncorrected, only the stalled GET itself took the stall's time");
            assertTrue(get.late() >= 70, "the operations due during the stall started late: " + get.late());
            // late because the one worker was held by the stall, not because the client's clock fell behind
            assertTrue(get.capped() >= 70 && get.capped() <= get.late(), get.capped() + " capped of " + get.late());
            assertTrue(io.s3workload.result.ClientLimit.cappedSentence(List.of(get))
                    .startsWith("The concurrency capped the rate in get GET 4 KiB"));
        }
    }

    /**
     * 400 GETs at 200/s: each is due on the rate's schedule, 5 ms after the one before, and none starts before it is
     * due (how late some start is what the machine allows, and the run reports it as late).
     */
    @Test
    void anOpenLoopHoldsItsRate(@TempDir Path dir) throws Exception {
        RunResult result = run(s3.endpoint().toString(), """
                stages:
                  - {name: get, kind: get, sizes: [1KiB], objects: 8, rate: 200/s, concurrency: 16, operations: 400}
                """, OpsRows.reporters(dir));
        CellStats get = cell(result, 0);
        assertEquals(400, get.attempted());
        assertEquals(0, get.errors());
        assertTrue(get.wallNanos() >= 1_995_000_000L, "the last is due 1.995 s in: " + get.wallNanos());
        List<OpsRecord> rows = OpsRows.of(dir, "get");
        assertEquals(400, rows.size());
        long[] due = rows.stream().mapToLong(OpsRecord::intendedUs).sorted().toArray();
        for (int i = 0; i < due.length; i++) {
            assertEquals(due[0] + i * 5_000L, due[i], 1.0, "operation " + i + " due on the schedule");
        }
        assertTrue(rows.stream().allMatch(r -> r.startUs() >= r.intendedUs()), "none started early");
    }

    /**
     * 1 worker ramped to 8 over 2 s, then 8 for 2 s: worker n is made active at (n / 7) x 2 s, never before (from the
     * ops log's worker of each GET), and every one of them works once the ramp is done.
     */
    @Test
    void aClosedLoopRampAddsWorkersOverTime(@TempDir Path dir) throws Exception {
        try (HttpFront slow = front(-1, 0, 20)) {
            RunResult result = run(slow.endpoint().toString(), """
                    stages:
                      - name: get
                        kind: get
                        sizes: [1KiB]
                        objects: 8
                        concurrency: 1
                        ramp: [{to: 8, over: 2s}, {to: 8, over: 2s}]
                        duration: 4s
                    """, OpsRows.reporters(dir));
            assertTrue(cell(result, 0).operations() > 0);
            List<OpsRecord> rows = OpsRows.of(dir, "get");
            long first = rows.stream().mapToLong(OpsRecord::startUs).min().orElseThrow();
            Map<Integer, Long> firstByWorker = new java.util.TreeMap<>();
            rows.forEach(r -> firstByWorker.merge(r.worker(), r.startUs(), Math::min));
            assertEquals(java.util.Set.of(0, 1, 2, 3, 4, 5, 6, 7), firstByWorker.keySet(), "all 8 worked");
            for (var w : firstByWorker.entrySet()) {
                // the ramp's clock starts before the first GET, by as much as a busy machine delays a thread's
                // start: a quarter second is allowed for that (a ramp that started them at once fails by far)
                long activeUs = (long) (w.getKey() / 7.0 * 2_000_000) - 250_000;
                assertTrue(w.getValue() - first >= activeUs, "worker " + w.getKey() + " started "
                        + (w.getValue() - first) / 1e3 + " ms in, before the ramp made it active");
            }
        }
    }

    /** 2 workers, 20 GETs, each worker pausing 100 ms after each: never less between one GET's end and its next. */
    @Test
    void thinkTimePacesEachWorker(@TempDir Path dir) throws Exception {
        RunResult result = run(s3.endpoint().toString(), """
                stages:
                  - {name: get, kind: get, sizes: [1KiB], objects: 2, concurrency: 2, thinkTime: 100ms, operations: 20}
                """, OpsRows.reporters(dir));
        assertEquals(20, cell(result, 0).attempted());
        Map<Integer, List<OpsRecord>> byWorker = OpsRows.of(dir, "get").stream()
                .collect(java.util.stream.Collectors.groupingBy(OpsRecord::worker));
        assertEquals(2, byWorker.size(), byWorker.keySet().toString());
        for (List<OpsRecord> ops : byWorker.values()) {
            List<OpsRecord> inOrder = ops.stream().sorted(java.util.Comparator.comparingLong(OpsRecord::startUs))
                    .toList();
            for (int i = 1; i < inOrder.size(); i++) {
                assertTrue(inOrder.get(i).startUs() - inOrder.get(i - 1).endUs() >= 99_000, "paused 100 ms: "
                        + (inOrder.get(i).startUs() - inOrder.get(i - 1).endUs()) / 1e3 + " ms");
            }
        }
    }

    /** The 30th of 60 GETs held 700 ms: the second it ended in breaks a per-second max of 500 ms. */
    @Test
    void perSecondThresholdsNameTheWorstSecond() throws Exception {
        try (HttpFront stalling = front(30, 700, 0)) {
            RunResult result = run(stalling.endpoint().toString(), """
                    stages:
                      - name: get
                        kind: get
                        sizes: [1KiB]
                        objects: 4
                        concurrency: 2
                        operations: 60
                        failOn: {max: 500ms, perSecond: true}
                    """);
            assertEquals(1, result.exitCode());
            assertTrue(result.breaches().stream().anyMatch(b -> b.metric().startsWith("latency max in 1 of ")),
                    result.breaches().toString());
        }
    }
}
