package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.result.RunResult;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.LoadEndpoints;
import io.s3workload.workload.yaml.WorkloadException;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A load stage spread over several endpoints (warp's {@code --host a,b}): two fronts before one in-process server
 * stand for two gateways, each counting the object requests it passes on.
 */
class SpreadTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("spread");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** Counts requests for objects of the run (not bucket checks or listings). */
    private static final class Counting implements HttpFront.Interceptor {
        final Map<String, AtomicInteger> byMethod = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public HttpFront.Response before(HttpFront.Request request) {
            if (request.path().contains("/spread/s3workload/")) {
                byMethod.computeIfAbsent(request.method(), m -> new AtomicInteger()).incrementAndGet();
            }
            return null;
        }

        int count(String method) {
            return byMethod.getOrDefault(method, new AtomicInteger()).get();
        }
    }

    private static Plan plan(String yaml) throws WorkloadException {
        return Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .parse("spread.yaml", yaml));
    }

    private static List<CellStats> cells(RunResult result, String stage) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).findFirst().orElseThrow().cells();
    }

    @Test
    void workersAreSpreadInTurnAndEachEndpointHasItsRowsAndTheTotalAddsUp() throws Exception {
        Counting one = new Counting();
        Counting two = new Counting();
        try (HttpFront a = HttpFront.start(s3.endpoint(), one); HttpFront b = HttpFront.start(s3.endpoint(), two)) {
            String nameA = "127.0.0.1-" + a.endpoint().getPort();
            String nameB = "127.0.0.1-" + b.endpoint().getPort();
            String keys = "credentials: {accessKey: \"" + s3.server().accessKey() + "\", secretKey: \""
                    + s3.server().secretKey() + "\"}";
            RunResult result = new Engine(plan("""
                    bucket: spread
                    endpoints:
                      gw: {urls: ["%s", "%s"], %s}
                    stages:
                      - {name: put, kind: put, size: 4KiB, objects: 40, concurrency: 4, endpoints: [gw]}
                      - {name: get, kind: get, from: put, operations: 100, concurrency: 3, endpoints: [%s, %s],
                         hostSelect: random}
                    """.formatted(a.endpoint(), b.endpoint(), keys, nameA, nameB)), List.of()).run();
            List<CellStats> put = cells(result, "put");
            assertEquals(List.of(nameA, nameB, "all"), put.stream().map(c -> c.key().endpoint()).toList(),
                    "members on one address are named by it and their ports");
            assertEquals(40, put.get(2).operations(), "the total");
            assertEquals(put.get(2).operations(), put.get(0).operations() + put.get(1).operations());
            assertEquals(put.get(0).operations(), one.count("PUT"), "what gw-1's cell counts is what it received");
            assertEquals(put.get(1).operations(), two.count("PUT"));
            assertTrue(one.count("PUT") > 0 && two.count("PUT") > 0, "4 workers in turn: 2 on each");
            assertEquals(put.get(2).bytes(), put.get(0).bytes() + put.get(1).bytes());
            assertEquals(put.get(2).latency().getTotalCount(),
                    put.get(0).latency().getTotalCount() + put.get(1).latency().getTotalCount());
            List<CellStats> get = cells(result, "get");
            assertEquals(Op.GET, get.get(2).key().op());
            assertEquals(100, get.get(2).operations());
            assertEquals(get.get(0).operations(), one.count("GET"));
            assertEquals(get.get(1).operations(), two.count("GET"));
            get.forEach(c -> assertEquals(Map.of(), c.errorsByClass()));
            assertEquals(List.of(nameA, nameB), result.stages().get(0).stage().endpoints());
        }
    }

    @Test
    void aRunWithoutASeedDrawsOneAndPicksRandomHostsByIt() throws Exception {
        try (HttpFront a = HttpFront.start(s3.endpoint(), new Counting());
             HttpFront b = HttpFront.start(s3.endpoint(), new Counting())) {
            String keys = "credentials: {accessKey: \"" + s3.server().accessKey() + "\", secretKey: \""
                    + s3.server().secretKey() + "\"}";
            Plan plan = plan("""
                    bucket: spread
                    endpoints:
                      a: {url: "%s", %s}
                      b: {url: "%s", %s}
                    stages:
                      - {name: get, kind: get, size: 1KiB, objects: 2, operations: 5, concurrency: 1, endpoints: [a, b],
                         hostSelect: random}
                    """.formatted(a.endpoint(), keys, b.endpoint(), keys));
            java.util.Set<Long> seeds = new java.util.HashSet<>();
            // the one worker's endpoint is a function of the run's seed: before, an unseeded run picked as if by
            // seed 0, whatever seed it printed; over six runs a seed that disagrees with 0 comes up all but surely
            for (int run = 0; run < 6; run++) {
                RunResult result = new Engine(plan, List.of()).run();
                long seed = result.info().seed();
                seeds.add(seed);
                String expected = new LoadEndpoints(List.of("a", "b"), LoadEndpoints.Select.RANDOM).of(0, seed);
                List<CellStats> cells = cells(result, "get");
                CellStats ran = cells.stream().filter(c -> c.operations() > 0 && !c.key().endpoint().equals("all"))
                        .findFirst().orElseThrow();
                assertEquals(expected, ran.key().endpoint(), "seed " + seed);
            }
            assertEquals(6, seeds.size(), "each run draws its own seed");
        }
    }

    @Test
    void hostRangesExpandAsWarpsDoAndMistakesAreClear() throws Exception {
        Plan plan = plan("""
                bucket: spread
                endpoints:
                  s3: {urls: "http://s3-{1...3}.example:9000,http://edge-{08...10}.example:9000"}
                stages:
                  - {name: put, kind: put, size: 4KiB, objects: 4, endpoints: [s3]}
                """);
        assertEquals(List.of("s3-1", "s3-2", "s3-3", "edge-08", "edge-09", "edge-10"),
                List.copyOf(plan.endpoints().keySet()));
        assertEquals(List.of("s3-1", "s3-2", "s3-3", "edge-08", "edge-09", "edge-10"),
                plan.stages().get(0).roles().writers());
        String printed = io.s3workload.report.plan.PlanPrinter.render(plan);
        assertTrue(printed.contains("put: workers in turn over s3-1, s3-2, s3-3, edge-08, edge-09, edge-10"), printed);
        assertTrue(printed.contains("s3-1,s3-2,s3-3,edge-08,edge-09,edge-10"), printed);
        WorkloadException e = assertThrows(WorkloadException.class, () -> plan("""
                bucket: spread
                endpoints:
                  s3: {urls: "http://s3-{1...2}.example:9000"}
                stages:
                  - {name: one, kind: put, size: 4KiB, objects: 4, endpoint: s3}
                  - {name: both, kind: put, size: 4KiB, objects: 4, endpoint: s3-1, endpoints: [s3]}
                  - {name: pick, kind: get, from: one, endpoints: [s3], hostSelect: nearest}
                """));
        List<String> problems = e.problems().stream().map(Object::toString).toList();
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("load stage spreads its workers over endpoints: [s3]"), problems.get(0));
        assertTrue(problems.get(1).contains("not both"), problems.get(1));
        assertTrue(problems.get(2).contains("expected one of roundrobin, random"), problems.get(2));
    }
}
