package io.s3workload.kinds.connectivity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.report.console.ConsoleReporter;
import io.s3workload.result.RunResult;
import io.s3workload.run.EndpointUnavailableException;
import io.s3workload.run.Engine;
import io.s3workload.testing.Hold;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The connectivity stage against real failures on loopback: a closed port, a port that never answers, TLS spoken
 * to a plain-HTTP server, wrong credentials, and a server without the bucket.
 */
class ConnectivityTest {

    private static final Duration HELD = Duration.ofSeconds(2);

    private static TestS3 s3;
    private static TestS3 empty;
    private static ServerSocket silent;
    private static int closedPort;

    @BeforeAll
    static void start() throws Exception {
        s3 = new TestS3();
        s3.createBucket("checks");
        empty = new TestS3();
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
    }

    @AfterAll
    static void stop() throws Exception {
        silent.close();
        empty.close();
        s3.close();
    }

    private static Plan plan(String stages) throws Exception {
        String ak = s3.server().accessKey();
        String sk = s3.server().secretKey();
        String yaml = """
                endpoints:
                  good: {url: "%s", credentials: {accessKey: "%s", secretKey: "%s"}}
                  closed: {url: "http://127.0.0.1:%d", credentials: {accessKey: a, secretKey: b}}
                  silent: {url: "http://127.0.0.1:%d", credentials: {accessKey: a, secretKey: b}}
                  tls: {url: "https://127.0.0.1:%d", credentials: {accessKey: "%s", secretKey: "%s"}}
                  wrongkey: {url: "%s", credentials: {accessKey: "%s", secretKey: notTheSecret}}
                  nobucket: {url: "%s", credentials: {accessKey: "%s", secretKey: "%s"}}
                bucket: checks
                """.formatted(s3.endpoint(), ak, sk, closedPort, silent.getLocalPort(), s3.endpoint().getPort(), ak,
                sk, s3.endpoint(), ak, empty.endpoint(), empty.server().accessKey(), empty.server().secretKey())
                + stages;
        return Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .parse("checks.yaml", yaml));
    }

    private static CellStats cell(RunResult result, String endpoint) {
        return result.stages().get(0).cells().stream().filter(c -> c.key().endpoint().equals(endpoint))
                .findFirst().orElseThrow();
    }

    @Test
    void eachEndpointIsReportedWithTheClassOfItsFailure() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        long start = System.nanoTime();
        RunResult result = new Engine(plan("""
                stages:
                  - {name: connectivity, kind: connectivity, attempts: 2, timeout: 5s}
                """), List.of(new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false,
                false))).run();
        // given up after 2 x 5 s, not after the default first-byte timeout's 2 x 120 s; 5 s, not 500 ms: on a loaded
        // machine a TLS handshake refused by a plain-HTTP server once took longer than 500 ms and was counted "timed
        // out" instead of "TLS handshake failed"
        assertTrue((System.nanoTime() - start) / 1e9 < 60, "the silent endpoint is given up after 2 x 5 s");
        assertEquals(0, result.exitCode(), "connectivity reports; without failOn it does not fail the run");
        assertEquals(List.of("good", "closed", "silent", "tls", "wrongkey", "nobucket"),
                result.stages().get(0).cells().stream().map(c -> c.key().endpoint()).toList(),
                "every endpoint, in the workload's order");
        CellStats good = cell(result, "good");
        assertEquals(Op.HEAD_BUCKET, good.key().op());
        assertEquals(2, good.operations());
        assertEquals(0, good.errors());
        assertEquals(Map.of("connection refused", 2L), cell(result, "closed").errorsByClass());
        assertEquals(Map.of("timed out", 2L), cell(result, "silent").errorsByClass());
        assertEquals(Map.of("TLS handshake failed", 2L), cell(result, "tls").errorsByClass());
        assertEquals(Map.of("403 auth: access denied", 2L), cell(result, "wrongkey").errorsByClass());
        assertEquals(Map.of("404 no such bucket", 2L), cell(result, "nobucket").errorsByClass());
        assertTrue(cell(result, "nobucket").examples().get("404 no such bucket").get(0)
                .contains("bucket 'checks' does not exist"));

        String out = console.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("Testing endpoint good: " + s3.endpoint()), out);
        assertTrue(out.contains("S3 Connectivity: SUCCESS - 2/2 attempts, Min: "), out);
        assertTrue(out.contains("S3 Connectivity: FAILURE - 0/2 attempts\n    connection refused (2x): endpoint"
                + " 'closed'"), out);
        assertTrue(!out.contains("notTheSecret"), "secrets never printed");
    }

    @Test
    void aHealthyServerReadsAsItsOwnTimeAndTheClientsStartIsReportedApart() throws Exception {
        // the first request is held 2 s by a front (as a client's first request, which sets it up, is slow): its
        // time is kept apart, and none of the attempts after it, which nothing holds, is it
        AtomicBoolean first = new AtomicBoolean(true);
        HttpFront.Interceptor holdFirst = new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                return first.getAndSet(false) ? Hold.every(HELD).before(request) : null;
            }
        };
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunResult result;
        try (HttpFront front = HttpFront.start(s3.endpoint(), holdFirst)) {
            result = new Engine(Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(),
                    Optional.empty()).parse("checks.yaml", """
                    endpoints:
                      good: {url: "%s", credentials: {accessKey: "%s", secretKey: "%s"}}
                    bucket: checks
                    stages:
                      - {name: connectivity, kind: connectivity, attempts: 20}
                    """.formatted(front.endpoint(), s3.server().accessKey(), s3.server().secretKey()))),
                    List.of(new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false,
                            false))).run();
        }
        CellStats good = cell(result, "good");
        assertEquals(20, good.operations(), "the first request is not one of the attempts");
        assertEquals(20, good.latency().getTotalCount());
        assertTrue(good.firstRequestNanos() >= HELD.toNanos(), "the first request, held " + HELD + ", took "
                + good.firstRequestNanos() / 1e6 + " ms");
        // the held request would show among the attempts' latencies (its 2 s is 2,000 times a HEAD on loopback)
        assertTrue(good.latency().getMaxValue() < HELD.toNanos(), "an attempt took "
                + good.latency().getMaxValue() / 1e6 + " ms: the held first request is among them");
        String out = console.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("    (before them, a first request that also set up the client and its connection: "),
                out);
    }

    @Test
    void failOnErrorRateTurnsAFailedCheckIntoExitCodeOne() throws Exception {
        RunResult result = new Engine(plan("""
                stages:
                  - {name: check, kind: connectivity, endpoints: [good, closed], attempts: 1, failOn: {errorRate: 0%}}
                """), List.of()).run();
        assertEquals(1, result.exitCode());
        assertEquals(1, result.breaches().size(), "only the closed endpoint crosses: " + result.breaches());
        assertTrue(result.breaches().get(0).toString().contains("closed"), result.breaches().toString());
    }

    @Test
    void checksComeFirstSoTheyAreReportedBeforeADeadEndpointStopsTheRun() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Engine engine = new Engine(plan("""
                stages:
                  - {name: check, kind: connectivity, endpoints: [good, closed], attempts: 1}
                  - {name: put, kind: put, endpoint: closed, sizes: [1KiB], objects: 1}
                """), List.of(new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false,
                false)));
        var e = assertThrows(EndpointUnavailableException.class, engine::run);
        assertTrue(e.getMessage().contains("'closed'") && e.getMessage().contains("connection refused"),
                e.getMessage());
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("S3 Connectivity: FAILURE"),
                "the check's report came out before the run stopped");
    }
}
