package io.s3workload.workload.yaml;

import io.s3workload.workload.ListAfterWriteStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.Optional;

/** {@code kind: listAfterWrite}: PUT {@code objects} keys through writers, list them through readers. */
public final class ListAfterWriteStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        int objects = f.intOr("objects", 1);
        if (objects > 1000) {
            f.binding().problem(f.child("objects"), "at most 1000, so that one ListObjectsV2 page shows them all;"
                    + " got " + objects);
        }
        return ProbeBinder.probe(f).map(probe -> new ListAfterWriteStage(common, probe, objects));
    }
}
