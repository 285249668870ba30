package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(QuickTier.TAG)
class RunStoresTest {

    private static Plan plan(String yaml) throws Exception {
        return Planner.plan(WorkloadLoader.plain().parse("w.yaml", yaml));
    }

    @Test
    void theRunCleansAnEndpointUpWithTheClientOfItsFirstStageNotTheBuiltInOne() throws Exception {
        Plan plan = plan("""
                bucket: bench
                endpoints:
                  a: {url: "http://127.0.0.1:9"}
                  z: {url: "http://127.0.0.1:10"}
                defaults: {client: sync, retries: 3, endpoint: a}
                stages:
                  - {name: check, kind: connectivity, timeout: 1s}
                  - {name: p, kind: put, size: 1KiB, objects: 1, timeouts: {firstByte: 7s}}
                  - {name: q, kind: put, size: 1KiB, objects: 1, client: crt}
                """);
        ClientSettings own = plan.clientFor("a");
        assertEquals(io.s3workload.workload.endpoints.ClientSpec.Kind.SYNC, own.kind());
        assertEquals(3, own.retries());
        assertEquals(Duration.ofSeconds(7), own.timeouts().firstByte());
        // an endpoint no stage reads or writes through: the built-in settings
        assertEquals(ClientSettings.DEFAULT, plan.clientFor("z"));
    }
}
