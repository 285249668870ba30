package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.cost.ServerView;
import io.s3workload.plan.Planner;
import io.s3workload.result.RunResult;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.MetricsFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.Workload;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The store's own counts beside the client's: S3Proxy behind a {@link MetricsFront} that counts the requests it
 * serves by S3 API and publishes them in Prometheus's text format, scraped by the run through the generic form of
 * {@code serverMetrics}. (The same checks against a real MinIO's own metrics: src/e2e/server-metrics.sh.)
 */
class ServerMetricsTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("serverview");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static final String GENERIC = """
            {url: "${METRICS}", requests: {metric: s3_requests_total, api: api}, errors: {metric: s3_errors_total,
            api: api}, bytesSent: {metric: s3_tx_bytes_total}, bytesReceived: {metric: s3_rx_bytes_total},
            cpu: {metric: process_cpu_seconds_total}, memory: {metric: process_resident_memory_bytes}}""";

    private static Workload workload(String url, String metricsUrl, String stages) throws Exception {
        String yaml = """
                bucket: serverview
                endpoints:
                  store:
                    url: "${URL}"
                    credentials: {accessKey: "${AK}", secretKey: "${SK}"}
                    serverMetrics: %s
                defaults: {endpoint: store}
                stages:
                """.formatted(GENERIC.replace("\n", " ")) + stages;
        return new WorkloadLoader(Map.of("URL", url, "METRICS", metricsUrl, "AK", s3.server().accessKey(),
                "SK", s3.server().secretKey()), List.of(), Optional.empty(), Optional.empty())
                .parse("metrics.yaml", yaml);
    }

    private static CellStats cell(RunResult result, String stage, Op op) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).flatMap(s -> s.cells().stream())
                .filter(c -> c.key().op() == op).findFirst().orElseThrow();
    }

    @Test
    void theStoresCountsOfAPutAndAGetCellAgreeWithTheClientsAndLineUpSecondBySecond() throws Exception {
        MetricsFront store = new MetricsFront();
        List<io.s3workload.result.Progress> seconds = new java.util.concurrent.CopyOnWriteArrayList<>();
        io.s3workload.result.Reporter progress = new io.s3workload.result.Reporter() {
            @Override
            public void progress(io.s3workload.result.Progress p) {
                seconds.add(p);
            }
        };
        try (HttpFront front = HttpFront.start(s3.endpoint(), store)) {
            RunResult result = new Engine(Planner.plan(workload(front.endpoint().toString(),
                    front.endpoint() + "/metrics", """
                      - {name: put, kind: put, size: 4KiB, objects: 100, duration: 4s, concurrency: 4}
                      - {name: get, kind: get, from: put, duration: 4s, concurrency: 4}
                    """)), List.of(progress)).run();
            // the live page's store line: a cell's progress carries the store's count of its last scrape interval
            for (Op op : List.of(Op.PUT, Op.GET)) {
                assertTrue(seconds.stream().filter(p -> p.cell().op() == op).anyMatch(p -> p.store().isPresent()
                        && p.store().get().requests() > 0 && p.store().get().seconds() > 0), op + ": " + seconds);
            }
            for (var c : List.of(cell(result, "put", Op.PUT), cell(result, "get", Op.GET))) {
                ServerView v = c.server();
                assertNotNull(v, c.key() + " has the store's view");
                assertTrue(v.known(), v.toString());
                assertNull(v.uncompared());
                assertEquals(c.attempted(), v.clientRequests());
                assertFalse(v.disagrees(), v.sentence());
                // the front counts a request as it answers it and the run scrapes after the last answer: exact
                assertEquals(c.attempted(), v.requests(), v.sentence());
                assertTrue(v.sentence().contains("they agree"), v.sentence());
                assertEquals(0, v.errors());
                assertTrue(v.cpuSeconds() > 0 && v.memoryMaxBytes() > 0, v.toString());
                assertTrue(c.key().op() == Op.PUT ? v.bytesReceived() >= c.bytes() : v.bytesSent() >= c.bytes(),
                        v.toString());
                // a scrape per second of the cell beside the client's (4 s of it: a second to spare for a busy
                // machine's late ticks): the store's seconds add up to its count
                assertTrue(v.timeline().size() >= 3, v.timeline().toString());
                assertEquals(v.requests(), v.timeline().stream().mapToLong(ServerView.Second::requests).sum());
                // a scrape may fail on a loaded machine (2 s without an answer): noted, and the totals still hold
                assertTrue(v.failedScrapes() <= 1, v.failedScrapes() + " of " + v.scrapes() + " scrapes failed: "
                        + v.firstFailure());
            }
        }
    }

    @Test
    void aProxyRetryingEveryTenthPutIsTheDisagreementNamed() throws Exception {
        MetricsFront store = new MetricsFront();
        AtomicLong puts = new AtomicLong();
        try (HttpFront front = HttpFront.start(s3.endpoint(), store);
             HttpFront retrying = HttpFront.start(front.endpoint(), new HttpFront.Interceptor() {
                 @Override
                 public int sendTimes(HttpFront.Request request) {
                     // a proxy that sends every 10th PUT twice: the store sees it again, the client does not
                     return request.method().equals("PUT") && request.key().isPresent()
                             && puts.incrementAndGet() % 10 == 0 ? 2 : 1;
                 }
             })) {
            RunResult result = new Engine(Planner.plan(workload(retrying.endpoint().toString(),
                    front.endpoint() + "/metrics", """
                      - {name: put, kind: put, size: 4KiB, objects: 50, operations: 500, concurrency: 2}
                    """)), List.of()).run();
            CellStats c = cell(result, "put", Op.PUT);
            ServerView v = c.server();
            assertEquals(500, v.clientRequests());
            assertEquals(550, v.requests(), "every tenth PUT twice at the store");
            assertTrue(v.disagrees(), v.sentence());
            assertTrue(v.sentence().startsWith("the store counted 10.0% more PutObject+CompleteMultipartUpload"
                    + " requests than the client sent (550 vs 500"), v.sentence());
            assertTrue(v.sentence().contains("retries by a proxy in between"), v.sentence());
        }
    }

    @Test
    void aDeadMetricsEndpointIsANoteNotAFailure() throws Exception {
        MetricsFront store = new MetricsFront();
        store.metricsDown(true);
        try (HttpFront front = HttpFront.start(s3.endpoint(), store)) {
            RunResult result = new Engine(Planner.plan(workload(front.endpoint().toString(),
                    front.endpoint() + "/metrics", """
                      - {name: put, kind: put, size: 4KiB, objects: 20, operations: 100, concurrency: 2}
                    """)), List.of()).run();
            assertEquals(0, result.exitCode(), "the run goes on");
            CellStats c = cell(result, "put", Op.PUT);
            assertEquals(100, c.operations());
            ServerView v = c.server();
            assertFalse(v.known());
            assertTrue(v.failedScrapes() >= 2 && v.failedScrapes() == v.scrapes(), v.toString());
            assertEquals("HTTP 503", v.firstFailure());
            assertTrue(v.sentence().startsWith("no figures from the store: "), v.sentence());
        }
        // and one that refuses connections
        int port;
        try (var socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        RunResult result = new Engine(Planner.plan(workload(s3.endpoint().toString(),
                "http://127.0.0.1:" + port + "/metrics", """
                  - {name: put, kind: put, size: 4KiB, objects: 20, operations: 100, concurrency: 2}
                """)), List.of()).run();
        assertEquals(0, result.exitCode());
        ServerView v = cell(result, "put", Op.PUT).server();
        assertEquals("connection refused", v.firstFailure(), v.toString());
    }
}
