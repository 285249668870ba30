package io.s3workload.report.plan;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.plan.Planner;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.yaml.WorkloadLoader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code plan} says which client each stage runs with, resolved over the defaults, where it is not the default. */
@Tag(QuickTier.TAG)
class PlanClientTest {

    @Test
    void theResolvedClientIsPrintedWhereItIsNotTheDefault() throws Exception {
        String printed = PlanPrinter.render(Planner.plan(WorkloadLoader.plain().parse("c.yaml", """
                bucket: bench
                defaults: {timeouts: {firstByte: 5s}}
                stages:
                  - {name: put, kind: put, size: 1KiB, operations: 10, client: sync, checksums: always, retries: 2}
                  - {name: get, kind: get, from: put, operations: 10, clients: per-worker, timeouts: {total: 30s}}
                  - {name: plain, kind: put, size: 1KiB, operations: 10, timeouts: {firstByte: 2m}}
                """)));
        assertTrue(printed.contains("  put: client sync, checksums always; timeouts connect 10s, first byte 5s;"
                + " 2 retries of a failure that may pass;"), printed);
        assertTrue(printed.contains("  get: one client per worker; timeouts connect 10s, first byte 5s, total 30s\n"),
                printed);
        assertTrue(printed.contains("  plain: data unique"), "firstByte 2m over the workload's 5s is the default"
                + " client again, so nothing is said of it: " + printed);
    }
}
