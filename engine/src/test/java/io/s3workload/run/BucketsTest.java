package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.result.RunResult;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code buckets:} against the in-process server: keys spread over the buckets by a hash, every cell also per bucket
 * and adding up to the total, reads and copies finding their keys' buckets, the cleanup per bucket, the buckets the
 * run created removed and the one it found (with someone else's object in it) left as it was.
 */
class BucketsTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static List<CellStats> cells(RunResult result, String stage, Op op) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).flatMap(s -> s.cells().stream())
                .filter(c -> c.key().op() == op).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http", "crt"})
    void keysSpreadOverTheBucketsEachCellPerBucketAndOnlyTheCreatedBucketsGo(String client) throws Exception {
        String base = "spread-" + client;
        s3.createBucket(base + "-2");
        s3.put(base + "-2", "theirs/keep-me", "not the run's");
        // a fixed run id: a copy's key (under the run prefix) picks its bucket, and 60 copies under an unlucky run id
        // left a bucket fewer than a sixth of them (once in a few dozen runs)
        RunResult result = new Engine(s3.plan("""
                bucket: %s
                buckets: 3
                createBucket: true
                defaults: {client: %s, concurrency: 6}
                stages:
                  - {name: put, kind: put, size: 4KiB, objects: 120}
                  - {name: get, kind: get, from: put, operations: 240, verify: true}
                  - {name: copy, kind: copy, from: put, operations: 60, verify: true}
                  - {name: list, kind: list, from: put}
                  - {name: delete, kind: delete, from: put, batch: 50}
                """.formatted(base, client), s3.server().accessKey(), s3.server().secretKey(),
                s3.endpoint().toString()), List.of(new RecordingReporter()), new RunOptions(Optional.of("buckets-"
                + client), Optional.empty(), Optional.empty(), java.nio.file.Path.of(""),
                RunOptions.DEFAULT_STOPPED_CLEANUP)).run();
        for (String stage : List.of("put", "get", "copy")) {
            Op op = switch (stage) {
                case "put" -> Op.PUT;
                case "get" -> Op.GET;
                default -> Op.COPY;
            };
            List<CellStats> cells = cells(result, stage, op);
            assertEquals(4, cells.size(), stage + ": a cell per bucket, then the total");
            CellStats total = cells.get(3);
            assertEquals(Map.of(), total.errorsByClass(), stage);
            assertEquals(total.operations(), cells.subList(0, 3).stream().mapToLong(CellStats::operations).sum(),
                    stage + ": the buckets' cells add up to the total");
            assertEquals(total.bytes(), cells.subList(0, 3).stream().mapToLong(CellStats::bytes).sum(), stage);
            for (int b = 0; b < 3; b++) {
                assertEquals(base + "-" + (b + 1), cells.get(b).key().endpoint().substring(
                        cells.get(b).key().endpoint().indexOf('/') + 1));
                assertTrue(cells.get(b).operations() > total.operations() / 6, stage + ": keys spread evenly, "
                        + cells.get(b).key().endpoint() + " had " + cells.get(b).operations());
            }
        }
        assertEquals(120, cells(result, "list", Op.LIST).get(0).items(), "a listing goes through every bucket");
        assertEquals(1, cells(result, "list", Op.LIST).size(), "a listing spans the buckets: no cell per bucket");
        CellStats deleted = cells(result, "delete", Op.DELETE).get(3);
        assertEquals(120, deleted.items());
        assertTrue(result.cleanup().complete(), result.cleanup().toString());
        assertFalse(s3.bucketExists(base + "-1"), "created by the run, removed after its cleanup");
        assertFalse(s3.bucketExists(base + "-3"));
        assertTrue(s3.bucketExists(base + "-2"), "found by the run: never removed");
        assertEquals(List.of("theirs/keep-me"), s3.list(base + "-2", "").stream().map(o -> o.key()).toList());
    }

    @Test
    void aListedBucketThatIsMissingIsNamedWhenTheRunMayNotCreateIt() throws Exception {
        s3.createBucket("listed-one");
        var plan = s3.plan("""
                bucket: listed-one
                buckets: [listed-one, listed-two]
                stages:
                  - {name: put, kind: put, size: 1KiB, objects: 4}
                """, s3.server().accessKey(), s3.server().secretKey(), s3.endpoint().toString());
        var missing = assertThrows(EndpointUnavailableException.class, () -> new Engine(plan, List.of()).run());
        assertTrue(missing.getMessage().contains("'listed-two' does not exist"), missing.getMessage());
        assertTrue(s3.bucketExists("listed-one"));
        assertFalse(s3.bucketExists("listed-two"), "never created without createBucket");
    }
}
