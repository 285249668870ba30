package io.s3workload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.testing.QuickTier;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The shipped consistency workloads probe every pair their seed, the t3-validator, probes by default. */
@Tag(QuickTier.TAG)
class ShippedProbesTest {

    private static Plan plan(String workload, String regional) throws Exception {
        Map<String, String> env = Map.of("GLOBAL_ENDPOINT", "https://t3.example", "REGIONAL_ENDPOINTS", regional,
                "IAD_ENDPOINT", "https://iad.example", "ORD_ENDPOINT", "https://ord.example",
                "SJC_ENDPOINT", "https://sjc.example");
        return Planner.plan(new WorkloadLoader(env, List.of(), Optional.empty(), Optional.empty())
                .load(Path.of("..", "workloads", workload)));
    }

    private static List<String> pairs(Plan plan, StageKind kind) {
        StagePlan stage = plan.stages().stream().filter(s -> s.kind() == kind).findFirst().orElseThrow();
        return stage.roles().writers().stream()
                .flatMap(w -> stage.roles().readersOf(w).stream().map(r -> w + "->" + r)).toList();
    }

    @Test
    void t3ValidatorPlansTheSeeds13PairsForFourEndpoints() throws Exception {
        Plan plan = plan("t3-validator.yaml",
                "https://iad.example,https://ord.example,https://sjc.example");
        List<String> expected = List.of("global->global", "global->iad", "global->ord", "global->sjc",
                "iad->iad", "iad->ord", "iad->sjc", "ord->ord", "ord->iad", "ord->sjc",
                "sjc->sjc", "sjc->iad", "sjc->ord");
        assertEquals(expected, pairs(plan, StageKind.READ_AFTER_WRITE));
        assertEquals(expected, pairs(plan, StageKind.LIST_AFTER_WRITE));
        assertEquals(expected, pairs(plan("consistency.yaml", ""), StageKind.READ_AFTER_WRITE));
        assertEquals(List.of("CONNECTIVITY TESTS", "CONSISTENCY TESTS", "PERFORMANCE TESTS",
                "TRANSCODING WORKLOAD TESTS"), List.copyOf(plan.sections().values()));
    }

    @Test
    void withoutRegionalEndpointsTheGlobalOneReadsItsOwnWrites() throws Exception {
        Plan plan = plan("t3-validator.yaml", "");
        assertEquals(List.of("global->global"), pairs(plan, StageKind.READ_AFTER_WRITE));
        assertEquals(List.of("global->global"), pairs(plan, StageKind.LIST_AFTER_WRITE));
    }
}
