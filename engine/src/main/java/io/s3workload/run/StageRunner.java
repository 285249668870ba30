package io.s3workload.run;

import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.workload.KindParts;
import io.s3workload.workload.StageKind;

/** Runs one kind of stage: a kind's part in the engine, which the table of kinds ({@link KindParts}) gives. */
public interface StageRunner {

    /** The runner of {@code kind}'s stages (a new one each time: a runner may keep what one stage's run needs). */
    static StageRunner of(StageKind kind) {
        return KindParts.of(kind, StageRunner.class);
    }

    /** Runs the stage; stops early, keeping what was measured, when the run is cancelled. */
    StageResult run(StagePlan stage, RunContext context);
}
