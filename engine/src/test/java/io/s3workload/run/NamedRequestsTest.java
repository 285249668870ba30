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
import io.s3workload.testing.Await;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.RecordingReporter;
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

    /** Counts the GETs of objects a front passed on. */
    private static final class CountingGets implements HttpFront.Interceptor {
        final AtomicLong gets = new AtomicLong();

        @Override
        public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
            if (request.method().equals("GET") && request.key().isPresent()) {
                gets.incrementAndGet();
            }
            return upstream;
        }
    }

    /**
     * The store goes away once it has served 50 GETs, stays away for 1.5 s and until the run has counted refusals
     * (backed off: a few each worker; hammering it: hundreds), then comes back on the same port; the run is stopped
     * once the store has served 20 GETs again. Every moment is a cue the test waits for, never a time it hopes enough
     * work fits in.
     */
    @ParameterizedTest(name = "backOff: {0}")
    @ValueSource(booleans = {true, false})
    void aStoreThatGoesAwayIsAnOutageWindowAndWorkersBackOffMeanwhile(boolean backOff) throws Exception {
        CountingGets before = new CountingGets();
        HttpFront first = HttpFront.start(s3.endpoint(), before);
        int port = first.endpoint().getPort();
        RecordingReporter progress = new RecordingReporter();
        var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();
        try {
            Engine engine = new Engine(Planner.plan(workload(first.endpoint(), """
                      - {name: get, kind: get, from: seed, duration: 10m, concurrency: 8, endpoint: store, \
                    backOff: %s}
                    """.formatted(backOff))), List.of(progress));
            var run = pool.submit(engine::run);
            Await.until("50 GETs served", () -> before.gets.get() >= 50);
            long wentAway = System.currentTimeMillis();
            first.close();
            long away = System.nanoTime();
            long refusals = backOff ? 8 : 8 * 50;
            Await.until(refusals + " refusals counted", () -> progress.errors("get") >= refusals);
            long refusedBy = System.currentTimeMillis();
            sleep(Duration.ofNanos(Math.max(0, away + 1_500_000_000L - System.nanoTime())));
            long cameBack = System.currentTimeMillis();
            CountingGets after = new CountingGets();
            try (HttpFront second = HttpFront.start(s3.endpoint(), after, port)) {
                Await.until("20 GETs served again", () -> after.gets.get() >= 20);
                long servedBy = System.currentTimeMillis();
                engine.cancel();
                CellStats cell = lastCell(run.get(2, java.util.concurrent.TimeUnit.MINUTES));
                long outageMillis = cameBack - wentAway;
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
                assertTrue(opened.fromEpochMillis() >= wentAway - 100 && opened.fromEpochMillis() <= refusedBy,
                        "began as the store went away: " + outages + " vs " + wentAway);
                // an outage ends where the first operation that succeeded began: one sent just before the store came
                // back (its connection attempt still going) ends it a little early
                assertTrue(closed.toEpochMillis() >= cameBack - 1000 && closed.toEpochMillis() <= servedBy,
                        "ended as it came back: " + outages + " vs " + cameBack);
                long refused = cell.errorsByClass().getOrDefault("connection refused", 0L);
                assertEquals(refused, outages.stream().mapToLong(Outage::failed).sum(),
                        "the windows count the refused operations");
                assertTrue(refused >= refusals, refused + " refused");
                if (backOff) {
                    // each worker waits 50 ms doubling to 1 s, jittered between half and all of it: at most 7
                    // refusals in the first 1.5 s, then one every half second at the most
                    long most = 8 * (8 + Math.max(0, outageMillis - 1500) / 500);
                    assertTrue(refused <= most, "backed off: " + refused + " refused in " + outageMillis + " ms");
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
