package io.s3workload.run;

import java.util.List;

/** What cleanup removed, and anything it could not (with the reason), so a person can finish the job. */
public record CleanupResult(boolean skipped, long removed, List<String> leftBehind, List<String> errors) {

    public static final CleanupResult KEPT = new CleanupResult(true, 0, List.of(), List.of());

    public CleanupResult {
        leftBehind = List.copyOf(leftBehind);
        errors = List.copyOf(errors);
    }
}
