package io.s3workload.kinds.httpget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.s3workload.metrics.CellStats;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.run.Engine;
import io.s3workload.testing.TestS3;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * httpGet against a plain HTTP server on 127.0.0.1 (redirects, errors, keep-alive) and through presigned URLs
 * against the S3 server.
 */
class HttpGetTest {

    private static TestS3 s3;
    private static HttpServer http;
    private static final AtomicInteger CONNECTIONS = new AtomicInteger();
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        s3 = new TestS3();
        s3.createBucket("http-get");
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/data/", exchange -> {
            int size = Integer.parseInt(exchange.getRequestURI().getPath().substring("/data/".length()));
            exchange.sendResponseHeaders(200, size);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(new byte[size]);
            }
        });
        http.createContext("/moved/", exchange -> {
            exchange.getResponseHeaders().add("Location", "/data/" + exchange.getRequestURI().getPath()
                    .substring("/moved/".length()));
            exchange.sendResponseHeaders(307, -1);
            exchange.close();
        });
        http.createContext("/loop", exchange -> {
            exchange.getResponseHeaders().add("Location", "/loop");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        http.createContext("/busy", exchange -> {
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
        });
        http.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        http.start();
        base = "http://127.0.0.1:" + http.getAddress().getPort();
    }

    @AfterAll
    static void stop() {
        http.stop(0);
        s3.close();
    }

    private static CellStats run(String stages) throws Exception {
        RunResult result = new Engine(s3.plan("bucket: http-get\nstages:\n" + stages), List.of()).run();
        StageResult last = result.stages().get(result.stages().size() - 1);
        return last.cells().get(0);
    }

    @Test
    void fetchesTheUrlsRoundRobinFollowingAndCountingRedirects() throws Exception {
        CellStats cell = run("  - {name: h, kind: httpGet, operations: 40, concurrency: 4, urls: [\"" + base
                + "/data/1000\", \"" + base + "/moved/3000\"]}\n");

        assertEquals(40, cell.operations());
        assertEquals(0, cell.errors());
        assertEquals(20 * 1000 + 20 * 3000, cell.bytes(), "every body counted");
        assertEquals(20, cell.items(), "one redirect per /moved/ request");
        assertTrue(cell.hasTtfb());
    }

    @Test
    void errorsAreCountedByClassAndRedirectLoopsEnd() throws Exception {
        CellStats cell = run("  - {name: h, kind: httpGet, operations: 30, concurrency: 3, maxRedirects: 3, urls: [\""
                + base + "/data/10\", \"" + base + "/busy\", \"" + base + "/loop\"]}\n");

        assertEquals(30, cell.attempted());
        assertEquals(10, cell.operations());
        assertEquals(10L, cell.errorsByClass().get("HTTP 503"), cell.errorsByClass().toString());
        assertEquals(10L, cell.errorsByClass().get("HTTP 302 more than 3 redirects"), cell.errorsByClass().toString());
        assertTrue(cell.examples().values().stream().flatMap(List::stream).noneMatch(e -> e.contains("?")));
    }

    @Test
    void presignedUrlsFetchAPutStagesObjectsWithoutSigningEachRequest() throws Exception {
        CellStats cell = run("""
                  - {name: seed, kind: put, size: 5KiB, objects: 6}
                  - {name: h, kind: httpGet, from: seed, operations: 24, concurrency: 2}
                """);

        assertEquals(24, cell.operations(), cell.errorsByClass().toString());
        assertEquals(24L * 5 * 1024, cell.bytes());
        assertEquals(0, cell.items());
    }
}
