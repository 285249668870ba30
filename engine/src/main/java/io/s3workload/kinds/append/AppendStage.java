package io.s3workload.kinds.append;

import io.s3workload.ground.Shard;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;

/**
 * {@code kind: append}: log-style writes. Each of {@code objects} objects is created by a PUT of {@code append}
 * bytes, then grown by appends of {@code append} bytes each: a PUT with {@code x-amz-write-offset-bytes} set to the
 * object's size (S3 Express One Zone's append). One writer per object at a time, the objects in turn; one cell.
 * After the cell the objects' sizes are checked: a store that ignores the offset overwrites instead of appending.
 *
 * @param append bytes each write adds
 */
public record AppendStage(StageCommon common, SizeSpec append, long objects, Stop stop) implements StageSpec {

    @Override
    public StageKind kind() {
        return StageKind.APPEND;
    }

    /** Its objects and operations are shared; each append keeps its size. */
    @Override
    public AppendStage shared(Shard shard, int defaultWorkers) {
        return new AppendStage(common.shared(shard, kind(), defaultWorkers), append, shard.part(objects),
                stop.shared(shard));
    }
}
