package io.s3workload.kinds.head;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.ObjectsFromBinder;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.StopBinder;
import java.util.Optional;

/** {@code kind: head}: HeadObject on stage {@code from}'s objects, or on existing objects under a prefix. */
public final class HeadStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var stop = StopBinder.stop(f);
        return ObjectsFromBinder.required(f, "the stage whose objects to HEAD").map(from -> new HeadStage(common, from,
                stop));
    }
}
