package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.AccessStats;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.Planner;
import io.s3workload.result.RunResult;
import io.s3workload.run.keys.KeyPicker;
import io.s3workload.run.keys.ZipfSampler;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.objects.Access;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Access distributions as the server sees them: a front before the in-process server counts the GETs (and HEADs) each
 * key receives, and what it counted must be the skew the run reports, and the distribution's own.
 */
class AccessTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("access");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** Counts GET and HEAD requests per object key. */
    private static final class PerKey implements HttpFront.Interceptor {
        final Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();

        @Override
        public HttpFront.Response before(HttpFront.Request request) {
            if ((request.method().equals("GET") || request.method().equals("HEAD")) && request.key().isPresent()) {
                reads.computeIfAbsent(request.key().get(), k -> new AtomicInteger()).incrementAndGet();
            }
            return null;
        }

        /** The share of the reads the most read {@code fraction} of {@code keys} keys took. */
        double topShare(double fraction, long keys) {
            List<Integer> counts = new ArrayList<>(reads.values().stream().map(AtomicInteger::get).toList());
            counts.sort(Comparator.reverseOrder());
            long total = counts.stream().mapToLong(Integer::longValue).sum();
            return (double) counts.stream().limit(Math.round(keys * fraction)).mapToLong(Integer::longValue).sum()
                    / total;
        }

        int max() {
            return reads.values().stream().mapToInt(AtomicInteger::get).max().orElse(0);
        }
    }

    private static CellStats run(String access, PerKey counter, int keys, int reads) throws Exception {
        try (HttpFront front = HttpFront.start(s3.endpoint(), counter)) {
            String yaml = """
                    endpoints:
                      s3: {url: "%s", credentials: {accessKey: "%s", secretKey: "%s"}}
                    bucket: access
                    stages:
                      - {name: put, kind: put, size: 16B, objects: %d, concurrency: 8}
                      - {name: get, kind: get, from: put, operations: %d, concurrency: 8, access: %s}
                    """.formatted(front.endpoint(), s3.server().accessKey(), s3.server().secretKey(), keys, reads,
                    access);
            RunResult result = new Engine(Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(),
                    Optional.empty()).parse("access.yaml", yaml)), List.of()).run();
            assertEquals(0, result.exitCode());
            return result.stages().get(1).cells().get(0);
        }
    }

    @Test
    void zipfReadsAreSkewedAsTheLawSaysAndTheReportIsWhatTheServerSaw() throws Exception {
        PerKey counter = new PerKey();
        CellStats get = run("{zipf: 1.1}", counter, 2000, 20_000);
        AccessStats offered = get.access();
        assertEquals(Op.GET, get.key().op());
        assertEquals(20_000, offered.reads());
        assertEquals(20_000, counter.reads.values().stream().mapToInt(AtomicInteger::get).sum(), "one GET a read");
        assertEquals(counter.reads.size(), offered.distinct(), "the keys the server was asked for");
        assertEquals(counter.max(), offered.hottestKeyReads(), "the hottest key's GETs at the server");
        double expected = offered.expectedTenthShare();
        assertEquals(ZipfSampler.harmonic(200, 1.1) / ZipfSampler.harmonic(2000, 1.1), expected, 1e-9);
        assertTrue(Math.abs(offered.hottestTenthShare() - expected) < 0.03,
                "the tenth the law makes hottest took " + offered.hottestTenthShare() + ", the law " + expected);
        assertTrue(Math.abs(counter.topShare(0.1, 2000) - expected) < 0.03,
                "the server's tenth most read keys took " + counter.topShare(0.1, 2000));
    }

    @Test
    void aHotspotSendsItsShareToItsKeys() throws Exception {
        PerKey counter = new PerKey();
        CellStats get = run("{hotspot: {keys: 10%, share: 90%}}", counter, 1000, 10_000);
        assertEquals(0.9, get.access().expectedTenthShare(), 1e-9);
        assertTrue(Math.abs(get.access().hottestTenthShare() - 0.9) < 0.02, get.access().toString());
        assertTrue(counter.topShare(0.1, 1000) > 0.88, "at the server: " + counter.topShare(0.1, 1000));
    }

    @Test
    void randomIsEvenAndInTurnIsTodaysReadingWithNoSkewToReport() throws Exception {
        PerKey uniform = new PerKey();
        CellStats random = run("random", uniform, 1000, 10_000);
        assertTrue(Math.abs(random.access().hottestTenthShare() - 0.1) < 0.02, random.access().toString());
        assertTrue(uniform.max() < 30, "no key much hotter than 10 reads: " + uniform.max());
        PerKey inTurn = new PerKey();
        CellStats roundRobin = run("roundRobin", inTurn, 1000, 10_000);
        assertNull(roundRobin.access(), "in turn, the default, is no skew to report");
        assertEquals(1000, inTurn.reads.size());
        assertTrue(inTurn.reads.values().stream().allMatch(n -> n.get() == 10), "each key read exactly 10 times");
    }

    @Test
    void drawsAreAFunctionOfTheOperationAlone() {
        KeyPicker a = new KeyPicker(new Access.Zipf(1.1), 5000, 42);
        KeyPicker b = new KeyPicker(new Access.Zipf(1.1), 5000, 42);
        KeyPicker other = new KeyPicker(new Access.Zipf(1.1), 5000, 43);
        long differ = 0;
        for (long i = 0; i < 10_000; i++) {
            assertEquals(a.pick(i), b.pick(i));
            assertTrue(a.pick(i) >= 0 && a.pick(i) < 5000);
            differ += a.pick(i) == other.pick(i) ? 0 : 1;
        }
        assertTrue(differ > 5000, "another seed draws otherwise");
    }
}
