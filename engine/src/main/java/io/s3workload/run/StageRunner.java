package io.s3workload.run;

import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;

/** Runs one kind of stage. One implementation per stage kind. */
public interface StageRunner {

    /** Runs the stage; stops early, keeping what was measured, when the run is cancelled. */
    StageResult run(StagePlan stage, RunContext context);
}
