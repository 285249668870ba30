package io.s3workload.report.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where file reporters write: the directory given with {@code --out}, or {@code results/<run-id>/} under the
 * working directory. Made when the run starts (the run id is known then) and shared by the file reporters.
 */
public final class ResultsDirectory {

    private final Optional<Path> given;
    private Path resolved;

    public ResultsDirectory(Optional<Path> given) {
        this.given = given;
    }

    /** The directory for run {@code runId}, created on first call. */
    public synchronized Path forRun(String runId) {
        if (resolved == null) {
            resolved = given.orElse(Path.of("results", runId));
            try {
                Files.createDirectories(resolved);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the results directory " + resolved + ": "
                        + e.getMessage(), e);
            }
        }
        return resolved;
    }

    /** The directory, once a run has made it. */
    public synchronized Optional<Path> path() {
        return Optional.ofNullable(resolved);
    }
}
