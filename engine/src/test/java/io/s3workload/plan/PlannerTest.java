package io.s3workload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.Percentile;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.yaml.WorkloadException;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(QuickTier.TAG)
class PlannerTest {

    private static Plan plan(String yaml) throws WorkloadException {
        return Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .parse("w.yaml", yaml));
    }

    @Test
    void resolvesStopConditionsIntoOperationsAndKeys() throws WorkloadException {
        Plan plan = plan("""
                bucket: bench
                defaults: {concurrency: 3}
                failOn: {p99: 1s, errorRate: 1%}
                stages:
                  - {name: objects-only, kind: put, sizes: [1KiB], objects: 10}
                  - {name: ops-only, kind: put, sizes: [1KiB], operations: 20}
                  - {name: both, kind: put, sizes: [1KiB, 2KiB], objects: 10, operations: 100, concurrency: 7}
                  - {name: timed, kind: put, sizes: [1KiB], duration: 5s, failOn: {p99: 2s}}
                  - {name: read-once, kind: get, from: both}
                  - {name: read-timed, kind: get, from: timed, duration: 2s}
                  - {name: seeded, kind: get, sizes: [1MiB], operations: 50}
                  - {name: del, kind: delete, from: both}
                """);
        assertEquals("10/10/-", describe(plan, "objects-only"));
        assertEquals("20/20/-", describe(plan, "ops-only"));
        assertEquals("100/10/-", describe(plan, "both"));
        assertEquals(2, plan.stage("both").cells().size());
        assertEquals(7, plan.stage("both").concurrency());
        assertEquals(3, plan.stage("ops-only").concurrency(), "defaults.concurrency applies");
        assertEquals("-/-/5s", describe(plan, "timed"));
        assertEquals("10/10/-", describe(plan, "read-once"), "without a stop, each key is read once");
        assertEquals("-/-/2s", describe(plan, "read-timed"));
        assertEquals("50/16/-", describe(plan, "seeded"));
        assertEquals(OptionalLong.of(16), plan.stage("seeded").seedObjects());
        assertEquals("10/10/-", describe(plan, "del"));
        assertEquals(Plan.EMBEDDED, plan.stage("del").endpoint());
        assertEquals(Duration.ofSeconds(2), plan.stage("timed").failOn().latency().get(Percentile.P99));
        assertEquals(1.0, plan.stage("timed").failOn().errorRatePercent().getAsDouble(), "run-level keys stay");
        assertEquals(Duration.ofSeconds(1), plan.stage("both").failOn().latency().get(Percentile.P99));
        assertTrue(plan.stage("both").countsKnown());
    }

    @Test
    void theConnectionPoolFitsTheBusiestStageOfAnEndpoint() throws WorkloadException {
        Plan plan = plan("""
                bucket: bench
                endpoints:
                  a: {url: "http://127.0.0.1:1"}
                  b: {url: "http://127.0.0.1:2"}
                defaults: {endpoint: a}
                stages:
                  - {name: p1, kind: put, sizes: [1], objects: 1, concurrency: 5}
                  - {name: p2, kind: put, sizes: [1], objects: 1, concurrency: 40}
                  - {name: p3, kind: put, sizes: [1], objects: 1, concurrency: 64, endpoint: b}
                """);
        assertEquals(40, plan.maxConnections("a"));
        assertEquals(64, plan.maxConnections("b"));
    }

    /** "operations/keys/duration" of a stage's first cell, "-" for unset. */
    private static String describe(Plan plan, String stage) {
        CellPlan c = plan.stage(stage).cells().get(0);
        return (c.operations().isPresent() ? Long.toString(c.operations().getAsLong()) : "-") + "/"
                + (c.keys().isPresent() ? Long.toString(c.keys().getAsLong()) : "-") + "/"
                + c.duration().map(d -> d.toSeconds() + "s").orElse("-");
    }
}
