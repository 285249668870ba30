package io.s3workload.workload.yaml;

import io.s3workload.workload.ConnectivityStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.Optional;

/** {@code kind: connectivity}: HeadBucket against each endpoint. */
public final class ConnectivityStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var timeout = f.durationOr("timeout");
        if (timeout.isZero()) {
            f.binding().problem(f.child("timeout"), "must be longer than 0s");
        }
        return Optional.of(new ConnectivityStage(common, ProbeBinder.names(f, "endpoints"),
                f.intOr("attempts", 1), timeout));
    }
}
