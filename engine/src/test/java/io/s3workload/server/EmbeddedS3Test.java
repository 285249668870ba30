package io.s3workload.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.result.RunResult;
import io.s3workload.run.Engine;
import io.s3workload.testing.TestS3;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The embedded server as the workloads meet it. */
class EmbeddedS3Test {

    /**
     * Two workers PUTting and DELETEing their own keys under one "directory", as a mix over few objects does: S3Proxy
     * removes the directory when a DELETE empties it, and without {@link EmptyDirectoryRaceGuard} the other worker's
     * PUT into it failed with HTTP 500 now and then (9 and 36 in 2 s here, memory and filesystem). None fails. The mix
     * runs a count of operations, not a time, so that a slow or loaded machine meets the race as often.
     */
    @ParameterizedTest
    @EnumSource(EmbeddedS3.Backend.class)
    void aPutIntoADirectoryADeleteEmptiesSucceeds(EmbeddedS3.Backend backend) throws Exception {
        try (TestS3 s3 = new TestS3(backend)) {
            s3.createBucket("race");
            RunResult result = new Engine(s3.plan("""
                    bucket: race
                    stages:
                      - {name: mix, kind: mix, ops: {put: 1, delete: 1}, objects: 2, size: 1KiB, operations: 3000,
                         concurrency: 2}
                    """), List.of()).run();
            List<CellStats> cells = result.stages().get(0).cells();
            long operations = 0;
            for (CellStats cell : cells) {
                assertEquals(0, cell.errors(), cell.key() + ": " + cell.errorsByClass());
                if (cell.key().op() != Op.MIX) {
                    operations += cell.operations(); // the PUT and DELETE cells; the MIX cell is their total
                }
            }
            assertEquals(3000, operations, "every operation of the count ran and succeeded");
        }
    }
}
