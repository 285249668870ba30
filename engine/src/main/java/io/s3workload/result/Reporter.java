package io.s3workload.result;

import io.s3workload.opslog.OpsLog;
import io.s3workload.plan.StagePlan;
import java.util.Optional;

/**
 * Receives a run's events. Calls come from one thread, in order, never concurrently, and never on the engine's
 * hot path (see {@link ReporterBus}); a reporter may take its time without slowing the run.
 */
public interface Reporter {

    default void runStarted(RunInfo run) {
    }

    /**
     * The log every operation of the run {@code runId} is written to, when this reporter keeps one ({@code ops});
     * asked once, before the bucket check, on the run's thread.
     */
    default Optional<OpsLog> operations(String runId) {
        return Optional.empty();
    }

    default void stageStarted(StagePlan stage) {
    }

    /** At most once a second per running cell. */
    default void progress(Progress progress) {
    }

    /** Something worth telling a person that is not a measurement: seeding, skipping, cleaning up. */
    default void note(String stage, String message) {
    }

    default void stageFinished(StageResult result) {
    }

    default void runFinished(RunResult result) {
    }

    /** After the last event: release what the reporter holds (a listening port). */
    default void close() {
    }
}
