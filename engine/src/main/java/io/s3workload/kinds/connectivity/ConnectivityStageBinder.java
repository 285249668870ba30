package io.s3workload.kinds.connectivity;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ProbeBinder;
import io.s3workload.workload.yaml.StageBinder;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code kind: connectivity}: HeadBucket against each endpoint. */
public final class ConnectivityStageBinder implements StageBinder {

    private static final Set<StageKind> CONNECTIVITY = EnumSet.of(StageKind.CONNECTIVITY);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(CONNECTIVITY, "attempts", "count", ConnectivityStage.DEFAULT_ATTEMPTS, 5,
                    "HeadBucket attempts per endpoint."),
            Keys.stage(CONNECTIVITY, "timeout", "duration", ConnectivityStage.DEFAULT_TIMEOUT, "30s",
                    "How long one attempt may take."));
    }

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
