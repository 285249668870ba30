package io.s3workload.run.cleanup;

import java.util.ArrayList;
import java.util.List;

/** What the whole cleanup removed, and the errors a person should see. */
final class CleanupTally {
    long removed;
    /** Versions and delete markers deleted by id (in a bucket that keeps versions). */
    long versions;
    final List<String> errors = new ArrayList<>();

    void error(String message) {
        if (errors.size() < 20) {
            errors.add(message);
        }
    }
}
