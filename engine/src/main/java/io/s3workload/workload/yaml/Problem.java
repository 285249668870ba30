package io.s3workload.workload.yaml;

import io.s3workload.workload.endpoints.Urls;
import java.util.Comparator;

/** One thing wrong with a workload: where, which key, and what was expected. */
public record Problem(Location location, String path, String message) {

    public static final Comparator<Problem> BY_POSITION = Comparator
            .comparingInt((Problem p) -> p.location().line() == 0 ? 1 : 0)
            .thenComparingInt(p -> p.location().line())
            .thenComparingInt(p -> p.location().column())
            .thenComparing(Problem::message);

    @Override
    public String toString() {
        // a URL quoted from the workload or the command line may carry a password in its user info
        return Urls.masked(path.isEmpty()
                ? location + ": " + message
                : location + ": " + path + ": " + message);
    }
}
