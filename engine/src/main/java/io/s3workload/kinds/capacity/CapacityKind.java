package io.s3workload.kinds.capacity;

import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.Planner;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape;
import io.s3workload.report.console.StageText;
import io.s3workload.result.StageResult;
import io.s3workload.workload.FailOn;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Workload;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: capacity}: the highest load a store sustains within an SLO, searched for (docs/capacity.md). Its
 * parts: planned around its load, its runner ({@link CapacityRunner}) offering the load in steps
 * ({@link SearchSteps}), its header and plan note, and its answer ({@link CapacitySearch}, {@link CapacityFinding}).
 */
public final class CapacityKind {

    public static final Kind<CapacityStage> KIND = new Kind<>(CapacityStage.class, new CapacityStageBinder(),
            new AroundItsLoad(), CapacityRunner::new, new Text(), () -> List.of(CapacitySearch.TYPE));

    private CapacityKind() {
    }

    /**
     * Planned as its load, with the load's one cell (the first size: a search answers for one) held for
     * {@code hold} at every step, and as many workers as the most operations it has in flight: its concurrency, by
     * default the workload's, or for a users search at least its most users.
     */
    private static final class AroundItsLoad implements StageShape.Around {

        @Override
        public StageSpec held(StageSpec spec) {
            return ((CapacityStage) spec).load();
        }

        @Override
        public StagePlan plan(StageSpec spec, StagePlan load, Workload w) {
            CapacityStage capacity = (CapacityStage) spec;
            var search = capacity.search();
            int workers = capacity.common().concurrency().orElseGet(() -> search.mode() == CapacityStage.Mode.USERS
                    && search.max().isPresent() ? (int) search.max().getAsDouble()
                    : Math.max(StageKind.CAPACITY.workers().byDefault(w.defaults()), search.mode()
                    == CapacityStage.Mode.USERS ? (int) search.start() : 0));
            CellPlan first = load.cells().get(0);
            CellPlan step = new CellPlan(first.size(), OptionalLong.empty(), first.keys(),
                    Optional.of(capacity.hold()));
            int perWorker = Math.max(1, load.connections() / Math.max(1, load.workers()));
            return new StagePlan(load.index(), capacity, load.endpoint(), workers, List.of(step), load.source(),
                    FailOn.NONE, load.client(), Planner.connections(w, capacity.load()).orElse(workers * perWorker),
                    load.roles(), load.position(), load.customerKey());
        }
    }

    /** Its schedule and SLO first; its steps are its finding's table, printed after its blocks. */
    private static final class Text implements StageText {

        @Override
        public String header(StagePlan stage) {
            return stage.spec(CapacityStage.class).schedule() + ", at most " + stage.concurrency()
                    + " in flight, endpoint " + stage.endpoint()
                    + stage.from().map(f -> ", objects of " + f).orElse("");
        }

        @Override
        public Notes notes(StagePlan stage) {
            CapacityStage capacity = stage.spec(CapacityStage.class);
            return new Notes(List.of("capacity search: " + capacity.schedule() + ", SLO " + capacity.slo().text()),
                    List.of());
        }

        @Override
        public String keys(StagePlan stage) {
            return StageText.of(stage.spec(CapacityStage.class).load().kind()).keys(stage);
        }

        @Override
        public String blocks(StageResult result, Console console) {
            return "";
        }
    }
}
