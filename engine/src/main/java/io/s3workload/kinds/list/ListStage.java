package io.s3workload.kinds.list;

import io.s3workload.ground.Shard;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.util.Optional;

/**
 * Complete ListObjectsV2 listings, {@code pageSize} keys a page, of stage {@code from}'s objects (or of the whole
 * run prefix); each page is one measured request. One listing unless a stop is given.
 */
public record ListStage(StageCommon common, Optional<String> from, int pageSize, Stop stop) implements StageSpec {

    public static final int DEFAULT_PAGE_SIZE = 1000;

    @Override
    public StageKind kind() {
        return StageKind.LIST;
    }

    @Override
    public Optional<String> readsFrom() {
        return from;
    }

    @Override
    public ListStage shared(Shard shard, int defaultWorkers) {
        return new ListStage(common.shared(shard, kind(), defaultWorkers), from, pageSize, stop.shared(shard));
    }
}
