package io.s3workload.kinds.versions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.result.RunResult;
import io.s3workload.run.BucketVersioning;
import io.s3workload.run.Engine;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code kind: versions} where the bucket keeps no versions (the in-process server keeps none): one clear error and
 * a note with the way out, nothing written. The versioned path runs against moto's server in src/e2e/versions.sh.
 */
class VersionsTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("unversioned");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    @Test
    void aBucketWithoutVersioningIsOneErrorThatSaysSoAndNothingIsWritten() throws Exception {
        RecordingReporter reporter = new RecordingReporter();
        RunResult result = new Engine(s3.plan("""
                bucket: unversioned
                keep: true
                stages:
                  - {name: v, kind: versions, size: 4KiB, objects: 5, versions: 2}
                """), List.of(reporter)).run();
        List<CellStats> cells = result.stages().get(0).cells();
        assertEquals(1, cells.size());
        assertEquals(Map.of(BucketVersioning.NOT_VERSIONED, 1L), cells.get(0).errorsByClass());
        assertTrue(reporter.notes.stream().anyMatch(n -> n.contains("put-bucket-versioning --bucket unversioned")),
                reporter.notes.toString());
        assertEquals(List.of(), s3.list("unversioned", ""), "nothing written");
    }
}
