package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.NamedRequest;
import io.s3workload.metrics.Outage;
import io.s3workload.plan.Planner;
import io.s3workload.result.RunResult;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.Workload;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The operations a cell names so that a vendor can find them in the server's logs — its slowest, its first failures
 * of each class, with the server's request ids — and the windows its store could not be reached, against S3Proxy
 * behind fronts that stall, fail or go away. S3Proxy sends one constant x-amz-request-id, so the fronts stand for a
 * server that names each answer: they give every response an id of their own and remember which request got it.
 */
class NamedRequestsTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("named");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** Gives every answer a unique x-amz-request-id and x-amz-id-2 and remembers what each answered. */
    private static class Naming implements HttpFront.Interceptor {

        record Answered(String method, String key, int status, String id2) {
        }

        final Map<String, Answered> byId = new ConcurrentHashMap<>();

        HttpFront.Response name(HttpFront.Request request, HttpFront.Response response) {
            String id = UUID.randomUUID().toString().replace("-", "").substring(0, 16).toUpperCase();
            String id2 = "host-" + id.toLowerCase();
            byId.put(id, new Answered(request.method(), request.key().orElse(null), response.status(), id2));
            return response.withHeader("x-amz-request-id", id).withHeader("x-amz-id-2", id2);
        }

        @Override
        public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
            return name(request, upstream);
        }
    }

    private static Workload workload(URI front, String stages) throws Exception {
        return workload(front, stages, "");
    }

    private static Workload workload(URI front, String stages, String top) throws Exception {
        String yaml = top + """
                bucket: named
                endpoints:
                  direct: {url: "${URL}", credentials: {accessKey: "${AK}", secretKey: "${SK}"}}
                  store: {url: "${FRONT}", credentials: {accessKey: "${AK}", secretKey: "${SK}"}}
                stages:
                  - {name: seed, kind: put, size: 4KiB, objects: 20, concurrency: 4, endpoint: direct}
                """ + stages;
        return new WorkloadLoader(Map.of("URL", s3.endpoint().toString(), "FRONT", front.toString(),
                "AK", s3.server().accessKey(), "SK", s3.server().secretKey()), List.of(), Optional.empty(),
                Optional.empty()).parse("named.yaml", yaml);
    }

    private static CellStats lastCell(RunResult result) {
        var stage = result.stages().get(result.stages().size() - 1);
        return stage.cells().get(0);
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync", "crt"})
    void theSlowestOperationsAreNamedWithTheIdsTheServerGaveThem(String client) throws Exception {
        AtomicLong gets = new AtomicLong();
        Naming naming = new Naming() {
            @Override
            public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
                HttpFront.Response named = name(request, upstream);
                if (request.method().equals("GET") && request.key().isPresent() && gets.incrementAndGet() % 25 == 0) {
                    sleep(Duration.ofMillis(150)); // a stall the server's logs would show under this id
                }
                return named;
            }
        };
        try (HttpFront front = HttpFront.start(s3.endpoint(), naming)) {
            CellStats cell = lastCell(new Engine(Planner.plan(workload(front.endpoint(), """
                      - {name: get, kind: get, from: seed, operations: 300, concurrency: 4, endpoint: store, \
                    client: %s}
                    """.formatted(client))), List.of()).run());
            assertEquals(300, cell.operations());
            List<NamedRequest> slowest = cell.notable().slowest();
            assertEquals(10, slowest.size(), "the default: ten named");
            for (int i = 1; i < slowest.size(); i++) {
                assertTrue(slowest.get(i - 1).latencyNanos() >= slowest.get(i).latencyNanos(), "slowest first");
            }
            // 12 GETs stalled: the ten slowest are all stalled ones, named by the ids the front gave them
            for (NamedRequest r : slowest) {
                assertTrue(r.latencyNanos() >= Duration.ofMillis(150).toNanos(), r.toString());
                assertNotNull(r.requestId(), client + " gives the server's request id: " + r);
                Naming.Answered answered = naming.byId.get(r.requestId());
                assertNotNull(answered, "an id the server sent: " + r);
                assertTrue(answered.key().endsWith(r.key()) || r.key().endsWith(answered.key()),
                        "the key of the request that got the id: " + r + " vs " + answered);
                assertEquals(answered.id2(), r.id2());
                assertEquals(200, r.status());
                assertEquals("store", r.endpoint());
                assertTrue(r.ttfbNanos() > 0 && r.ttfbNanos() <= r.latencyNanos(), r.toString());
                assertTrue(Math.abs(r.startEpochMillis() - System.currentTimeMillis()) < 60_000, r.toString());
            }
            assertTrue(cell.notable().failures().isEmpty());
        }
    }

    @Test
    void theFirstFailuresOfEachClassAreNamedWithTheirStatusAndIds() throws Exception {
        AtomicLong gets = new AtomicLong();
        Naming naming = new Naming() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                if (request.method().equals("GET") && request.key().isPresent() && gets.incrementAndGet() % 5 == 0) {
                    return name(request, HttpFront.Response.error(503, "Slow Down", "SlowDown", "Reduce your rate"));
                }
                return null;
            }
        };
        try (HttpFront front = HttpFront.start(s3.endpoint(), naming)) {
            CellStats cell = lastCell(new Engine(Planner.plan(workload(front.endpoint(), """
                      - {name: get, kind: get, from: seed, operations: 200, concurrency: 2, endpoint: store}
                    """, "slowest: 4\n")), List.of()).run());
            assertEquals(40, cell.errors());
            List<NamedRequest> failures = cell.notable().failures();
            assertEquals(4, failures.size(), "the first four of the class (slowest: 4)");
            assertEquals(4, cell.notable().slowest().size(), "and the four slowest");
            for (NamedRequest f : failures) {
                assertEquals(503, f.status());
                assertTrue(f.failed() && f.errorClass().contains("503"), f.toString());
                Naming.Answered answered = naming.byId.get(f.requestId());
                assertNotNull(answered, "an id the server sent with the error: " + f);
                assertEquals(503, answered.status());
                assertEquals(answered.id2(), f.id2());
            }
            for (int i = 1; i < failures.size(); i++) {
                assertTrue(failures.get(i - 1).startEpochMillis() <= failures.get(i).startEpochMillis(), "in order");
            }
        }
    }

    @ParameterizedTest(name = "backOff: {0}")
    @ValueSource(booleans = {true, false})
    void aStoreThatGoesAwayIsAnOutageWindowAndWorkersBackOffMeanwhile(boolean backOff) throws Exception {
        HttpFront first = HttpFront.start(s3.endpoint(), new HttpFront.Interceptor() { });
        int port = first.endpoint().getPort();
        var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();
        try {
            var run = pool.submit(() -> new Engine(Planner.plan(workload(first.endpoint(), """
                      - {name: get, kind: get, from: seed, duration: 4s, concurrency: 8, endpoint: store, \
                    backOff: %s}
                    """.formatted(backOff))), List.of()).run());
            sleep(Duration.ofMillis(1500)); // seeding, then a second of GETs
            first.close();
            long wentAway = System.currentTimeMillis();
            sleep(Duration.ofMillis(1500));
            long cameBack = System.currentTimeMillis();
            try (HttpFront second = HttpFront.start(s3.endpoint(), new HttpFront.Interceptor() { }, port)) {
                CellStats cell = lastCell(run.get());
                List<Outage> outages = cell.notable().outages();
                // backed off, one window: as the store goes, its open connections closed one by one, an operation
                // on one not yet closed may succeed between refusals, which reopen the window (Notable.REOPEN_NANOS;
                // before that, a CI run saw a 3 ms window and the real one); hammering it, the moment it comes back
                // may flap: blips of their own
                assertTrue(backOff ? outages.size() == 1 : outages.size() >= 1 && outages.size() <= 4,
                        outages.toString());
                Outage opened = outages.get(0);
                Outage closed = outages.get(outages.size() - 1);
                assertFalse(closed.ongoing());
                assertTrue(opened.fromEpochMillis() >= wentAway - 100 && opened.fromEpochMillis() <= wentAway + 500,
                        "began as the store went away: " + outages + " vs " + wentAway);
                // an outage ends where the first operation that succeeded began: one sent just before the store came
                // back (its connection attempt still going) ends it a little early, by up to 0.5 s on a loaded
                // machine (seen in a CI run beside other tests)
                assertTrue(closed.toEpochMillis() >= cameBack - 1000 && closed.toEpochMillis() <= cameBack + 1500,
                        "ended as it came back: " + outages + " vs " + cameBack);
                long refused = cell.errorsByClass().getOrDefault("connection refused", 0L);
                assertEquals(refused, outages.stream().mapToLong(Outage::failed).sum(),
                        "the windows count the refused operations");
                assertTrue(cell.operations() > 0);
                if (backOff) {
                    // 8 workers waiting 50 ms doubling to 1 s over 1.5 s: about 6 refusals each
                    assertTrue(refused > 0 && refused <= 8 * 10, "backed off: " + refused + " refused");
                } else {
                    assertTrue(refused > 8 * 50, "the raw behaviour: " + refused + " refused");
                }
            }
        } finally {
            first.close();
            pool.shutdownNow();
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
