package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.result.RunResult;
import io.s3workload.run.loop.OpRecorder;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code verify: true} regenerates every body from its key and seed, whatever the {@code data} setting, and finds
 * one flipped byte — in a random stretch, in a compressible body's zeros, in a block dedupe shares — naming the key
 * and the byte.
 */
class VerifyDataTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("verify-data");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** Flips byte {@code at} of the first GET body it sees of a key under {@code /put/}. */
    private static final class FlipOne implements HttpFront.Interceptor {
        final int at;
        final AtomicReference<String> flipped = new AtomicReference<>();

        FlipOne(int at) {
            this.at = at;
        }

        @Override
        public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
            if (request.method().equals("GET") && request.path().contains("/put/") && upstream.status() == 200
                    && upstream.body().length > at && flipped.compareAndSet(null, request.path())) {
                byte[] body = upstream.body().clone();
                body[at] ^= 0x10;
                return upstream.withBody(body);
            }
            return upstream;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"unique", "{compressible: 2.0}", "{dedupe: 3.0}", "{compressible: 4.0, dedupe: 2.0}"})
    void oneFlippedByteIsFoundWithEveryDataSetting(String data) throws Exception {
        for (int at : new int[] {100, 4000, 40_000}) {
            FlipOne flip = new FlipOne(at);
            RunResult result;
            try (HttpFront front = HttpFront.start(s3.endpoint(), flip)) {
                result = new Engine(s3.plan("""
                        bucket: verify-data
                        defaults: {data: %s}
                        stages:
                          - {name: put, kind: put, size: 64KiB, objects: 12, concurrency: 3}
                          - {name: get, kind: get, from: put, verify: true, concurrency: 3}
                        """.formatted(data), s3.server().accessKey(), s3.server().secretKey(),
                        front.endpoint().toString()), List.of()).run();
            }
            CellStats get = result.stages().get(1).cells().get(0);
            assertTrue(flip.flipped.get() != null, "a body was flipped");
            assertEquals(Map.of(OpRecorder.DATA_MISMATCH, 1L), get.errorsByClass(), data + " at " + at);
            assertEquals(11, get.operations(), "the other bodies match: " + data);
            String example = get.examples().get(OpRecorder.DATA_MISMATCH).get(0);
            assertTrue(example.endsWith(" at byte " + at) && flip.flipped.get().endsWith(example.split(" ")[0]
                    .replaceAll(".*/put/", "/put/")), example + " vs " + flip.flipped.get());
        }
    }
}
