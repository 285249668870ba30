package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.result.RunResult;
import io.s3workload.result.SummaryJson;
import io.s3workload.testing.RecordingReporter;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.StopWhenStable;
import io.s3workload.workload.yaml.WorkloadException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code stopWhenStable}: the band, a cell that ends early and says so, one that runs its course, bad input. */
class StopWhenStableTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("stable");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    @Test
    void theBandHoldsWhenEverySampleOfTheWindowIsWithinItOfTheMean() {
        StopWhenStable band = new StopWhenStable(Duration.ofSeconds(3), 5);
        assertFalse(band.holds(new double[] {100, 100}, 2), "fewer samples than the window");
        assertTrue(band.holds(new double[] {10, 100, 104, 97}, 4), "the ramp-up is outside the window");
        assertFalse(band.holds(new double[] {100, 104, 90}, 3), "90 is 7.7% under the mean of 98");
        assertFalse(band.holds(new double[] {0, 0, 0}, 3), "nothing moved: not stable but stalled");
        assertEquals("5%", band.withinText());
    }

    private static CellStats cell(RunResult result, String stage) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).findFirst().orElseThrow()
                .cells().get(0);
    }

    @Test
    void aStableCellEndsEarlyAndTheReportsSaySo() throws Exception {
        RecordingReporter reporter = new RecordingReporter();
        RunResult result = new Engine(s3.plan("""
                bucket: stable
                stages:
                  - {name: put, kind: put, size: 4KiB, objects: 20, concurrency: 4}
                  - {name: early, kind: get, from: put, duration: 60s, concurrency: 2,
                     stopWhenStable: {window: 2s, within: 100%}}
                  - {name: whole, kind: head, from: put, duration: 2s, concurrency: 2,
                     stopWhenStable: {window: 2s, within: 0.0001%}}
                """), List.of(reporter)).run();
        CellStats early = cell(result, "early");
        assertTrue(early.stoppedWhenStable());
        // within 100% of the mean holds for any two seconds that did something: stable after its first window
        assertTrue(early.wallNanos() < Duration.ofSeconds(30).toNanos(), "stopped long before its minute");
        assertTrue(early.stableAfterSeconds() >= 2, "not before a window of samples");
        assertTrue(early.operations() > 0);
        assertEquals(java.util.Map.of(), early.errorsByClass());
        assertTrue(reporter.notes.stream().anyMatch(n -> n.contains("(stopWhenStable)") && n.contains("early")),
                reporter.notes.toString());
        CellStats whole = cell(result, "whole");
        assertFalse(whole.stoppedWhenStable(), "a band no throughput holds: the cell runs its duration");
        assertTrue(whole.wallNanos() >= Duration.ofMillis(1900).toNanos());
        String json = SummaryJson.write(SummaryJson.of(io.s3workload.result.RunReport.of(result)));
        assertEquals(1, json.split("\"stableAfterSeconds\"", -1).length - 1, "only the early cell");
    }

    @Test
    void stopWhenStableNeedsADurationAndAWindowOfAtLeastTwoSeconds() {
        WorkloadException e = assertThrows(WorkloadException.class, () -> s3.plan("""
                bucket: stable
                stages:
                  - {name: put, kind: put, size: 4KiB, objects: 20, stopWhenStable: true}
                  - {name: get, kind: get, from: put, duration: 1m, stopWhenStable: {window: 1s}}
                  - {name: del, kind: delete, from: put, stopWhenStable: true}
                """));
        List<String> problems = e.problems().stream().map(Object::toString).toList();
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("give the stage a duration"), problems.get(0));
        assertTrue(problems.get(1).contains("at least 2s"), problems.get(1));
        assertTrue(problems.get(2).contains("unknown key 'stopWhenStable'"), problems.get(2));
    }
}
