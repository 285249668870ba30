package io.s3workload.workload.yaml;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.List;
import java.util.Optional;

/**
 * A stage as the binder met it, for the checks that need more than one stage: where it is written, its name and kind
 * where they could be read, its common settings where they bound, and its record where the whole stage bound. A
 * stage with a problem of its own keeps its name, so that a stage naming it is not told it does not exist, and the
 * stages written inside it, so that they are checked all the same.
 */
record WrittenStage(String pointer, Optional<String> name, Optional<StageKind> kind, Optional<StageCommon> common,
                    Optional<StageSpec> spec, List<WrittenStage> inside) {

    WrittenStage {
        inside = List.copyOf(inside);
    }

    /** How the stages written inside this one are seen ({@link StageKind#members()}). */
    StageKind.Members members() {
        return kind.map(StageKind::members).orElse(StageKind.Members.NONE);
    }

    /** The endpoints the stage names, as far as it bound. */
    List<StageSpec.EndpointName> endpointsNamed() {
        return spec.map(StageSpec::endpointsNamed).or(() -> common.map(StageCommon::endpointsNamed)).orElse(List.of());
    }

    /** {@code /stages/3/from}. */
    String at(String key) {
        return pointer + "/" + key;
    }
}
