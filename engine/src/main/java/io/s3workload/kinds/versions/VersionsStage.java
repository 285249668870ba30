package io.s3workload.kinds.versions;

import io.s3workload.ground.Shard;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.objects.DataShape;

/**
 * {@code kind: versions}: in a bucket that keeps versions, {@code versions} PUTs of each of {@code objects} keys,
 * then one ListObjectVersions of them all, a GET of every version by its id (checked against what was written),
 * and a DELETE of every version by its id, which leaves nothing behind. Each step is a cell of its own. Bodies are
 * made as {@code data} says.
 */
public record VersionsStage(StageCommon common, SizeSpec size, long objects, int versions, DataShape data)
        implements StageSpec {

    public static final int DEFAULT_VERSIONS = 3;

    @Override
    public StageKind kind() {
        return StageKind.VERSIONS;
    }

    /** Its keys are shared; each still gets {@code versions} versions. */
    @Override
    public VersionsStage shared(Shard shard, int defaultWorkers) {
        return new VersionsStage(common.shared(shard, kind(), defaultWorkers), size, shard.part(objects), versions, data);
    }
}
