package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.metrics.CellStats;
import io.s3workload.result.RunResult;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What each client sends and reports against a server that refuses every PUT: the server's count of requests is
 * the report's count of attempts (the CRT's own repeat included, as a retry), and the error is classed by its
 * status and code, throttling apart.
 */
class CrtAttemptsTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("refused");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    @ParameterizedTest
    @CsvSource({"http,503,SlowDown", "sync,503,SlowDown", "crt,503,SlowDown", "http,500,InternalError",
        "sync,500,InternalError", "crt,500,InternalError"})
    void everyAttemptIsCountedAndClassed(String client, int status, String code) throws Exception {
        AtomicInteger puts = new AtomicInteger();
        HttpFront.Interceptor refuse = new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                if (request.method().equals("PUT") && request.key().isPresent()) {
                    puts.incrementAndGet();
                    return HttpFront.Response.error(status, "Refused", code, "refused on purpose");
                }
                return null;
            }
        };
        try (HttpFront front = HttpFront.start(s3.endpoint(), refuse)) {
            RunResult result = new Engine(s3.plan("bucket: refused\nstages:\n  - {name: put, kind: put, size: 4KiB,"
                    + " objects: 3, concurrency: 1, client: " + client + "}\n", s3.server().accessKey(),
                    s3.server().secretKey(), front.endpoint().toString()), List.of()).run();
            CellStats put = result.stages().get(0).cells().get(0);
            // the CRT reports a 5xx without its status or code (a 503 SlowDown as throttling)
            String expected = client.equals("crt") && status == 500 ? "HTTP 5xx" : "HTTP " + status + " " + code;
            assertEquals(java.util.Map.of(expected, 3L), put.errorsByClass());
            assertEquals(puts.get(), 3 + put.retries(), "every request the server saw is an attempt in the report");
            assertEquals(client.equals("crt") ? 6 : 3, puts.get(), "the CRT repeats a failed request once, itself");
            assertEquals(status == 503 ? 3 : 0, put.throttled(), "throttling is counted apart");
            if (!client.equals("crt")) {
                assertEquals(java.util.Map.of(expected, "refused on purpose"), put.messages(),
                        "the server's message, the first of its class");
            }
        }
    }
}
