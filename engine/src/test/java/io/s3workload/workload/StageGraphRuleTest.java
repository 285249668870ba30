package io.s3workload.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.s3workload.testing.QuickTier;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The one rule of the stage graph that the loader's checks and the planner both ask. */
@Tag(QuickTier.TAG)
class StageGraphRuleTest {

    private static StageGraph after(String... names) {
        return new StageGraph(Optional.of(List.of(names)), Optional.empty(), StageGraph.OnFailure.STOP_DEPENDANTS);
    }

    private static StageGraph with(String name) {
        return new StageGraph(Optional.empty(), Optional.of(name), StageGraph.OnFailure.STOP_DEPENDANTS);
    }

    @Test
    void aPlainListRunsInTheOrderWritten() {
        var needs = StageGraph.needs(List.of("a", "b", "c"), List.of(StageGraph.DEFAULT, StageGraph.DEFAULT,
                StageGraph.DEFAULT));
        assertEquals(List.of(List.of(), List.of(0), List.of(1)), needs);
        assertEquals(List.of(0, 1, 2), StageGraph.order(needs));
        assertEquals(Optional.empty(), StageGraph.cycle(needs));
    }

    @Test
    void afterAndWithReplaceTheStageBeforeAndUnknownNamesAreLeftToTheLoader() {
        var needs = StageGraph.needs(List.of("probe", "load", "after-both", "free"), List.of(with("load"),
                StageGraph.DEFAULT, after("load", "probe", "nowhere"), after()));
        assertEquals(List.of(List.of(1), List.of(0), List.of(1, 0), List.of()), needs);
        assertEquals(Optional.of(List.of(0, 1)), StageGraph.cycle(needs));
        assertThrows(IllegalStateException.class, () -> StageGraph.order(needs));
    }

    @Test
    void eachStageIsOrderedAfterWhatItNeedsAndOtherwiseAsWritten() {
        var needs = StageGraph.needs(List.of("a", "b", "c"), List.of(after("c"), after(), StageGraph.DEFAULT));
        assertEquals(List.of(1, 2, 0), StageGraph.order(needs));
    }
}
