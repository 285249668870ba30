package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.plan.PlanWarnings;
import io.s3workload.result.RunResult;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Workers of a put stage never write one key at the same moment unless the workload says so: a front before the
 * in-process server counts, per key, the PUTs in flight at once (each held 5 ms, so that overlaps would show).
 */
class SameKeyWritesTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("keys");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** The most PUTs of one key in flight at once, through a front that holds each PUT 5 ms. */
    private static int mostAtOnce(String stage) throws Exception {
        Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
        AtomicInteger most = new AtomicInteger();
        HttpFront.Interceptor watch = new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                if (request.method().equals("PUT") && request.key().isPresent()) {
                    int now = inFlight.computeIfAbsent(request.key().get(), k -> new AtomicInteger()).incrementAndGet();
                    most.accumulateAndGet(now, Math::max);
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return null;
            }

            @Override
            public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
                if (request.method().equals("PUT") && request.key().isPresent()) {
                    inFlight.get(request.key().get()).decrementAndGet();
                }
                return upstream;
            }
        };
        try (HttpFront front = HttpFront.start(s3.endpoint(), watch)) {
            RunResult result = new Engine(s3.plan("bucket: keys\nstages:\n" + stage, s3.server().accessKey(),
                    s3.server().secretKey(), front.endpoint().toString()), List.of()).run();
            assertEquals(0, result.stages().get(0).cells().get(0).errors());
            assertEquals(200, result.stages().get(0).cells().get(0).operations());
        }
        return most.get();
    }

    @Test
    void asManyKeysAsWorkersAndNoKeyIsEverWrittenTwiceAtOnce() throws Exception {
        assertEquals(1, mostAtOnce("  - {name: put, kind: put, size: 1KiB, objects: 8, operations: 200,"
                + " concurrency: 8}\n"));
    }

    @Test
    void sharedKeysLetsWorkersContendOnPurpose() throws Exception {
        assertTrue(mostAtOnce("  - {name: put, kind: put, size: 1KiB, objects: 2, operations: 200, concurrency: 8,"
                + " sharedKeys: true}\n") > 1, "8 workers on 2 keys, each PUT held 5 ms");
    }

    @Test
    void fewerObjectsThanWorkersIsWarnedOfUnlessShared() throws Exception {
        List<String> warned = PlanWarnings.of(s3.plan("""
                bucket: keys
                defaults: {concurrency: 20}
                stages:
                  - {name: few, kind: put, size: 1KiB, objects: 10, operations: 100}
                  - {name: once, kind: put, size: 1KiB, objects: 10}
                  - {name: enough, kind: put, size: 1KiB, objects: 20, operations: 100}
                  - {name: meant, kind: put, size: 1KiB, objects: 10, operations: 100, sharedKeys: true}
                """));
        assertEquals(1, warned.size(), warned.toString());
        assertTrue(warned.get(0).startsWith("stage 'few': 20 workers write 10 objects"), warned.get(0));
    }
}
