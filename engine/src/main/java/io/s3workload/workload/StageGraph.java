package io.s3workload.workload;

import java.util.List;
import java.util.Optional;

/**
 * Where a stage sits in the run's graph of stages.
 *
 * @param after     the stages that must end before it starts; empty: the stage written before it (none for the
 *                  first), so that a plain list runs in order
 * @param with      a stage it starts together with and stops with (a probe shadowing a load stage)
 * @param onFailure what a failure of this stage (a {@code failOn} threshold crossed) stops
 */
public record StageGraph(Optional<List<String>> after, Optional<String> with, OnFailure onFailure) {

    public static final StageGraph DEFAULT = new StageGraph(Optional.empty(), Optional.empty(),
            OnFailure.STOP_DEPENDANTS);

    public StageGraph {
        after = after.map(List::copyOf);
    }

    /** {@code stopDependants}: the stages that need this one are skipped; {@code stopRun}: the whole run stops. */
    public enum OnFailure {
        STOP_DEPENDANTS("stopDependants"), STOP_RUN("stopRun");

        private final String key;

        OnFailure(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Optional<OnFailure> fromKey(String key) {
            return java.util.Arrays.stream(values()).filter(v -> v.key.equals(key)).findFirst();
        }
    }
}
