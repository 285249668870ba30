package io.s3workload.workload.yaml;

import io.s3workload.ground.DataSize;
import io.s3workload.workload.ConsistencyProbe;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Reads the keys read-after-write and list-after-write probes share (see {@link ConsistencyProbe}). */
public final class ProbeBinder {

    private ProbeBinder() {
    }

    public static Optional<ConsistencyProbe> probe(Fields f) {
        List<String> writers = names(f, "writers");
        List<String> readers = names(f, "readers");
        int iterations = f.intOr("iterations", 1);
        DataSize size = f.sizeOr("size");
        Duration poll = f.durationOr("pollInterval");
        Duration timeout = f.durationOr("timeout");
        Duration immediate = f.durationOrZero("immediateWithin");
        if (timeout.isZero()) {
            f.binding().problem(f.child("timeout"), "must be longer than 0s: it is how long a reader is polled");
        }
        if (f.has("immediateWithin") && immediate.compareTo(timeout) >= 0) {
            f.binding().problem(f.child("immediateWithin"), "must be shorter than the timeout (" + timeout.toMillis()
                    + "ms), or every converged read would count as immediate");
        }
        boolean overwrite = f.boolOr("overwrite");
        var pairs = f.choiceOr("pairs", ConsistencyProbe.PairOrder.class);
        return Optional.of(new ConsistencyProbe(writers, readers, iterations, size, poll, timeout, immediate,
                overwrite, pairs));
    }

    /** A list of endpoint names (checked against the workload's endpoints by {@link WorkloadChecks}). */
    public static List<String> names(Fields f, String key) {
        List<String> names = f.<String>list(key, e -> Optional.of(e.text().trim())).orElse(List.of());
        if (names.size() != Set.copyOf(names).size()) {
            f.binding().problem(f.child(key), "lists an endpoint twice");
        }
        return names;
    }
}
