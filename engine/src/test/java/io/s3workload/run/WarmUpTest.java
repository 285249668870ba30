package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.result.RunResult;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code warmUp}: the cell's load first, unmeasured; the measured cell counts and times only its own. */
class WarmUpTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("warm");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    @Test
    void theWarmUpRunsFirstAndIsNotCounted() throws Exception {
        RecordingReporter recorder = new RecordingReporter();
        long start = System.nanoTime();
        RunResult result = new Engine(s3.plan("""
                bucket: warm
                stages:
                  - {name: put, kind: put, size: 4KiB, objects: 10, operations: 30, concurrency: 2, warmUp: 700ms}
                  - {name: get, kind: get, from: put, operations: 40, concurrency: 2, warmUp: 700ms}
                """), List.of(recorder)).run();
        double seconds = (System.nanoTime() - start) / 1e9;
        CellStats put = result.stages().get(0).cells().get(0);
        CellStats get = result.stages().get(1).cells().get(0);
        assertEquals(30, put.operations(), "only the measured PUTs");
        assertEquals(40, get.operations(), "only the measured GETs");
        assertEquals(0, put.errors() + get.errors());
        // the measured cell's clock starts after the warm-up: the run took both warm-ups' time and the cells' own
        assertTrue(seconds >= 1.4 + (put.wallNanos() + get.wallNanos()) / 1e9, "both warm-ups ran before the cells,"
                + " outside their clocks: " + seconds + " s, cells " + put.wallNanos() / 1e6 + " and "
                + get.wallNanos() / 1e6 + " ms");
        assertTrue(recorder.notes.contains("put: warming up 4 KiB for 700ms (not measured)"), recorder.notes
                .toString());
        assertTrue(result.cleanup().leftBehind().isEmpty());
    }

    @Test
    void onlyLoadStagesTakeAWarmUp() {
        WorkloadException e = assertThrows(WorkloadException.class, () -> s3.plan("""
                bucket: warm
                stages:
                  - {name: put, kind: put, size: 4KiB, objects: 3}
                  - {name: del, kind: delete, from: put, warmUp: 1s}
                """));
        assertTrue(e.getMessage().contains("stages[1].warmUp: unknown key 'warmUp'"), e.getMessage());
    }
}
