package io.s3workload.kinds.listafterwrite;

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

/** {@code kind: listAfterWrite}: PUT {@code objects} keys through writers, list them through readers. */
public final class ListAfterWriteStageBinder implements StageBinder {

    @Override
    public List<Key> keys() {
        return List.of(Keys.stage(EnumSet.of(StageKind.LIST_AFTER_WRITE), "objects", "count",
                ListAfterWriteStage.DEFAULT_OBJECTS, 100, "Objects written and listed per iteration.")
                .scaled(Keys.Scale.COUNT));
    }

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
