package io.s3workload.kinds.head;

import io.s3workload.ground.Shard;
import io.s3workload.workload.OfferedLoad;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.objects.ObjectsFrom;
import java.util.Optional;

/**
 * HeadObject on the objects of stage {@code from} (or the existing objects under a prefix), by the stage's access
 * (in turn by default); each object once unless a stop is given.
 */
public record HeadStage(StageCommon common, ObjectsFrom from, Stop stop) implements StageSpec, OfferedLoad {

    @Override
    public StageKind kind() {
        return StageKind.HEAD;
    }

    @Override
    public Optional<String> readsFrom() {
        return from.stage();
    }

    @Override
    public Optional<ObjectsFrom.Prefix> existing() {
        return from.existing();
    }

    @Override
    public HeadStage shared(Shard shard, int defaultWorkers) {
        return new HeadStage(common.shared(shard, kind(), defaultWorkers), from, stop.shared(shard));
    }

    @Override
    public HeadStage offered(StageCommon common) {
        return new HeadStage(common, from, stop);
    }
}
