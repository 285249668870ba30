package io.s3workload.workload.yaml;

import io.s3workload.workload.ListStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.Optional;

/** {@code kind: list}: complete ListObjectsV2 listings of stage {@code from}'s objects or of the run prefix. */
public final class ListStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        int pageSize = f.intOr("pageSize", 1);
        if (pageSize > 1000) {
            f.binding().problem(f.child("pageSize"), "ListObjectsV2 returns at most 1000 keys a page, got "
                    + pageSize);
        }
        return Optional.of(new ListStage(common, f.text("from"), pageSize, StopBinder.stop(f)));
    }
}
