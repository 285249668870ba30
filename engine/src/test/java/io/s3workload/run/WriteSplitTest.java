package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.plan.Planner;
import io.s3workload.result.RunResult;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where an upload's time goes: S3Proxy behind a front that holds every upload's answer 80 ms after its body has
 * arrived (a slow commit), so that the commit half of each split is at least that and the send half is not.
 */
class WriteSplitTest {

    private static final Duration COMMIT = Duration.ofMillis(80);
    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("splits");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    @ParameterizedTest(name = "client {0}, {1}")
    @CsvSource({"http, 4KiB", "sync, 4KiB", "http, 12MiB", "sync, 12MiB", "crt, 4KiB"})
    void anUploadsTimeIsSplitIntoSendingItsBodyAndTheServersCommit(String client, String size) throws Exception {
        HttpFront.Interceptor slowCommit = new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
                if (request.method().equals("PUT") && request.key().isPresent()) {
                    try {
                        Thread.sleep(COMMIT); // the whole body is in: the server takes its time to answer
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return upstream;
            }
        };
        try (HttpFront front = HttpFront.start(s3.endpoint(), slowCommit)) {
            var workload = new WorkloadLoader(Map.of("URL", front.endpoint().toString(), "AK",
                    s3.server().accessKey(), "SK", s3.server().secretKey()), List.of(), Optional.empty(),
                    Optional.empty()).parse("splits.yaml", """
                    bucket: splits
                    endpoints:
                      s3: {url: "${URL}", credentials: {accessKey: "${AK}", secretKey: "${SK}"}}
                    stages:
                      - {name: put, kind: put, size: %s, objects: 4, operations: 4, concurrency: 2, client: %s, connections: 8,
                         multipart: {threshold: 5MiB, partSize: 5MiB, parallel: 3}}
                    """.formatted(size, client));
            RunResult result = new Engine(Planner.plan(workload), List.of()).run();
            CellStats cell = result.stages().get(0).cells().get(0);
            assertEquals(4, cell.operations());
            if (client.equals("crt")) {
                assertTrue(cell.writes().isEmpty(), "the CRT does not say when the last byte went");
                return;
            }
            long uploads = size.equals("12MiB") ? 4 * 3 : 4; // three parts an object in parts
            assertEquals(uploads, cell.writes().commit().getTotalCount());
            assertEquals(uploads, cell.writes().send().getTotalCount());
            assertTrue(cell.writes().commit().getMinValue() >= COMMIT.toNanos() * 95 / 100,
                    "every commit waited for the answer: " + cell.writes().commit().getMinValue());
            // (how long sending took is the machine's: a 5 MiB part on a busy one may take longer than the commit,
            // so it is not asserted; a split that put the commit's wait into the send fails the minimum above)
            if (size.equals("4KiB")) {
                // one request an operation: its send and commit are its whole time, less the loop's own steps
                assertTrue(cell.latency().getMinValue() >= cell.writes().commit().getMinValue(), "latency covers it");
            }
        }
    }
}
