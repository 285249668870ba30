package io.s3workload.kinds.capacity;

import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.workload.FailOn;
import io.s3workload.workload.LoadShape;
import io.s3workload.workload.OfferedLoad;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The steps of a capacity search, derived from its planned stage (the template: its load planned, its endpoint,
 * client, source and connections resolved): each step the load's stage at one load, with no thresholds (the SLO
 * judges). The run asks for them as the search goes, since each step's load depends on the ones before.
 */
public final class SearchSteps {

    private SearchSteps() {
    }

    /**
     * The load's stage as the search runs it, named {@code name}: {@code workers} workers, an open loop at
     * {@code rate} when given, warmed up for {@code settle}, over {@code cell}.
     */
    public static StagePlan step(StagePlan search, String name, int workers, OptionalDouble rate,
                                 Optional<Duration> settle, CellPlan cell) {
        StageSpec load = search.spec(CapacityStage.class).load();
        StageCommon c = load.common();
        StageCommon common = new StageCommon(c.name(), c.endpoint(), OptionalInt.of(workers), FailOn.NONE, c.client(),
                new LoadShape(rate, List.of(), Optional.empty()), c.tags(), c.graph(), settle, Optional.empty(),
                c.spread(), c.access());
        return new StagePlan(search.index(), ((OfferedLoad) load).offered(common), search.endpoint(), workers,
                List.of(cell), search.source(), FailOn.NONE, search.client(), search.connections(), search.roles(),
                new StagePlan.Position(name, search.group(), search.after(), search.with()), search.customerKey());
    }
}
