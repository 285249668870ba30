package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.Planner;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.testing.ReplicationLag;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The mix and transcode stages against the in-process server (and a lagging replica for the target). */
class MixAndTranscodeTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("mixes");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static RunResult run(String body) throws Exception {
        return new Engine(s3.plan("bucket: mixes\n" + body), List.of()).run();
    }

    private static CellStats cell(RunResult result, Op op) {
        return result.stages().get(0).cells().stream().filter(c -> c.key().op() == op).findFirst().orElseThrow();
    }

    @Test
    void equalWeightsGiveEqualCountsWithinSamplingNoise() throws Exception {
        RunResult result = run("""
                stages:
                  - {name: mix, kind: mix, ops: {get: 1, head: 1}, objects: 50, size: 1KiB, operations: 2000,
                     concurrency: 8}
                """);
        long gets = cell(result, Op.GET).operations();
        long heads = cell(result, Op.HEAD).operations();
        assertEquals(2000, cell(result, Op.MIX).operations(), "the total counts every operation");
        assertEquals(2000, gets + heads);
        // Each draw is a fair coin: GETs ~ Binomial(2000, 1/2), standard deviation sqrt(2000)/2 = 22.4. Five standard
        // deviations (±112) fails a correct mix about once in two million runs; a 60/40 draw (mean 1200) passes almost never.
        double sigma = Math.sqrt(2000) / 2;
        assertTrue(Math.abs(gets - 1000) <= 5 * sigma, gets + " GETs vs " + heads + " HEADs");
        assertEquals(0, cell(result, Op.MIX).errors());
    }

    @Test
    void aFourWayMixNeverReadsWhatItDeleted() throws Exception {
        RunResult result = run("""
                stages:
                  - {name: mix, kind: mix, ops: {get: 45, put: 15, delete: 10, head: 30}, objects: 40,
                     size: {min: 1KiB, max: 8KiB}, operations: 1500, concurrency: 4}
                """);
        long total = 0;
        for (Op op : List.of(Op.GET, Op.PUT, Op.DELETE, Op.HEAD)) {
            CellStats c = cell(result, op);
            assertEquals(0, c.errors(), op + " " + c.errorsByClass());
            total += c.operations();
        }
        assertEquals(1500, total);
        double getShare = cell(result, Op.GET).operations() / 1500.0;
        assertTrue(getShare > 0.38 && getShare < 0.52, "GET weight 45%: " + getShare);
        assertTrue(result.cleanup().removed() > 0 && result.cleanup().removed() <= 40);
    }

    @Test
    void aScaledDownTranscodeAddsUp() throws Exception {
        try (ReplicationLag lag = new ReplicationLag(s3.endpoint())) {
            String endpoint = "{url: \"%s\", credentials: {accessKey: \"%s\", secretKey: \"%s\"}}";
            String ak = s3.server().accessKey();
            String sk = s3.server().secretKey();
            String yaml = "endpoints:\n"
                    + "  global: " + endpoint.formatted(lag.primary(), ak, sk) + "\n"
                    + "  replica: " + endpoint.formatted(lag.replica(Duration.ofSeconds(1)), ak, sk) + "\n"
                    + """
                    bucket: mixes
                    stages:
                      - name: transcode
                        kind: transcode
                        endpoint: global
                        readers: [global, replica]
                        sources: {count: 2, size: 8MiB}
                        chunk: 1MiB
                        segment: {min: 64KiB, max: 256KiB}
                        jobs: 4
                        duration: 2s
                        consistencyTarget: 200ms
                        pollInterval: 20ms
                    """;
            RunResult result = new Engine(Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(),
                    Optional.empty()).parse("transcode.yaml", yaml)), List.of()).run();
            StageResult stage = result.stages().get(0);
            CellStats reads = stage.cells().get(0);
            CellStats writes = stage.cells().get(1);
            assertEquals(Op.RANGE_GET, reads.key().op());
            assertEquals(reads.operations() * 1024 * 1024, reads.bytes(), "reads x chunk = bytes read");
            assertTrue(reads.operations() > 0, "the jobs read: " + reads.operations());
            assertEquals(Op.PUT, writes.key().op());
            assertEquals(reads.operations(), writes.operations(), "a segment per chunk read");
            ConvergenceStats same = ConvergencePairs.in(stage).get(0);
            ConvergenceStats replica = ConvergencePairs.in(stage).get(1);
            assertEquals(writes.operations(), same.iterations(), "every written segment read back");
            assertEquals(100.0, same.immediatePercent(), "the writer's own endpoint shows it at the first read");
            // a second behind, counted from the store's commit: however late the client heard of the write, the
            // replica shows it well past the 200 ms target
            assertEquals(100.0, replica.eventualPercent(), "a replica a second behind misses the 200 ms target");
            assertEquals(writes.operations() + 2, result.cleanup().removed(), "the segments and the 2 sources");
        }
    }
}
