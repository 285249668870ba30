package io.s3workload.result;

import java.util.List;

/** The outcome of a run, and the exit code it maps to. */
public record RunResult(RunInfo info, List<StageResult> stages, List<Breach> breaches, CleanupResult cleanup,
                        boolean interrupted, long wallNanos) {

    public static final int EXIT_OK = 0;
    public static final int EXIT_THRESHOLD = 1;
    public static final int EXIT_INTERRUPTED = 130;

    public RunResult {
        stages = List.copyOf(stages);
        breaches = List.copyOf(breaches);
    }

    public int exitCode() {
        if (interrupted) {
            return EXIT_INTERRUPTED;
        }
        return breaches.isEmpty() ? EXIT_OK : EXIT_THRESHOLD;
    }
}
