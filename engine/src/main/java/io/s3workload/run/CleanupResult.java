package io.s3workload.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What cleanup removed, and anything it could not (with the reason), so a person can finish the job.
 *
 * @param manifest where the keys left behind were written for {@code s3workload cleanup --manifest}, if any were
 */
public record CleanupResult(boolean skipped, long removed, List<String> leftBehind, List<String> errors,
                            Optional<Path> manifest) {

    public static final CleanupResult KEPT = new CleanupResult(true, 0, List.of(), List.of());

    public CleanupResult {
        leftBehind = List.copyOf(leftBehind);
        errors = List.copyOf(errors);
    }

    public CleanupResult(boolean skipped, long removed, List<String> leftBehind, List<String> errors) {
        this(skipped, removed, leftBehind, errors, Optional.empty());
    }

    /** Whether everything the run wrote is gone (or was kept on purpose). */
    public boolean complete() {
        return skipped || leftBehind.isEmpty() && manifest.isEmpty();
    }
}
