package io.s3workload.report.live;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.s3workload.result.RunResult;
import io.s3workload.run.Engine;
import io.s3workload.testing.Hold;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** OTLP pushes reach a receiver on 127.0.0.1 while the run goes on, carrying the meters and their tags. */
class OtlpReporterTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("otlp");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    @Test
    void metricsArePushedAsProtobuf() throws Exception {
        List<String> contentTypes = new CopyOnWriteArrayList<>();
        ByteArrayOutputStream bodies = new ByteArrayOutputStream();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/v1/metrics", exchange -> {
            contentTypes.add(exchange.getRequestHeaders().getFirst("Content-Type"));
            byte[] body = exchange.getRequestBody().readAllBytes();
            synchronized (bodies) {
                bodies.write(body);
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        try {
            OtlpReporter otlp = new OtlpReporter("http://127.0.0.1:" + receiver.getAddress().getPort()
                    + "/v1/metrics", "test-version");
            // 30 GETs held 100 ms each by a front, one at a time: the run lasts 3 s at the least, so the pushes due
            // each second come before the last one, made as the reporter closes
            RunResult result;
            try (HttpFront slow = HttpFront.start(s3.endpoint(), Hold.each("GET", Duration.ofMillis(100)))) {
                result = new Engine(s3.plan("""
                        bucket: otlp
                        stages:
                          - {name: get, kind: get, sizes: [1KiB], objects: 4, operations: 30, concurrency: 1}
                        """, s3.server().accessKey(), s3.server().secretKey(), slow.endpoint().toString()),
                        List.of(otlp)).run();
            }
            String pushed;
            synchronized (bodies) {
                pushed = bodies.toString(StandardCharsets.ISO_8859_1);
            }
            assertTrue(contentTypes.size() >= 2, "a push a second: " + contentTypes.size());
            assertTrue(contentTypes.stream().allMatch(t -> t.startsWith("application/x-protobuf")), contentTypes.toString());
            for (String expected : List.of("s3workload.operations", "s3workload.request.latency", "stage", "get",
                    result.info().runId(), "service.name", "s3workload")) {
                assertTrue(pushed.contains(expected), "pushed metrics carry " + expected);
            }
        } finally {
            receiver.stop(0);
        }
    }
}
