package io.s3workload.run;

import io.s3workload.metrics.CellStats;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import java.util.ArrayList;
import java.util.List;

/** A stage kind that loads one endpoint a cell (an object size) at a time. */
public interface CellStageRunner extends StageRunner {

    /**
     * Runs one cell: its measured cells (one, or one per endpoint and their total when the stage spreads over
     * several); none when it had nothing to do (after a note saying why).
     */
    List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context);

    /** Runs every cell in turn; stops early, keeping what was measured, when the run is cancelled. */
    @Override
    default StageResult run(StagePlan stage, RunContext context) {
        long start = System.nanoTime();
        List<CellStats> cells = new ArrayList<>();
        for (CellPlan cell : stage.cells()) {
            if (context.cancelled()) {
                break;
            }
            cells.addAll(runCell(stage, cell, context));
        }
        return new StageResult(stage, cells, System.nanoTime() - start, context.cancelled());
    }
}
