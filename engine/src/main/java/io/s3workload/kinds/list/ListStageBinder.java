package io.s3workload.kinds.list;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.StopBinder;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code kind: list}: complete ListObjectsV2 listings of stage {@code from}'s objects or of the run prefix. */
public final class ListStageBinder implements StageBinder {

    private static final Set<StageKind> LIST = EnumSet.of(StageKind.LIST);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(LIST, "pageSize", "count", ListStage.DEFAULT_PAGE_SIZE, 100, "Keys per ListObjectsV2 page."));
    }

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
