package io.s3workload.kinds.listafterwrite;

import io.s3workload.ground.Shard;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.List;

/**
 * List-after-write consistency: PUT {@code objects} keys through each writer, then list their prefix through each
 * reader (ListObjectsV2) until every key is listed with its PUT's ETag. Convergence is timed per pair from the
 * last PUT's response.
 */
public record ListAfterWriteStage(StageCommon common, ConsistencyProbe probe, int objects) implements StageSpec {

    public static final int DEFAULT_OBJECTS = 10;

    @Override
    public StageKind kind() {
        return StageKind.LIST_AFTER_WRITE;
    }

    /** Its iterations are shared; {@code objects}, the keys written per iteration, is the batch's shape. */
    @Override
    public ListAfterWriteStage shared(Shard shard, int defaultWorkers) {
        return new ListAfterWriteStage(common.shared(shard, kind(), defaultWorkers), probe.shared(shard), objects);
    }

    @Override
    public List<EndpointName> endpointsNamed() {
        return probe.endpointsNamed(common);
    }
}
