package io.s3workload.kinds.mix;

import io.s3workload.ground.Shard;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.OfferedLoad;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.ObjectSettings;
import java.util.Map;
import java.util.Optional;

/**
 * Weighted operations over a working set: {@code objects} objects of {@code size} are seeded first (not
 * measured), then each operation is drawn by weight, e.g. {@code {get: 45, put: 15, delete: 10, head: 30}} as in
 * warp's mixed benchmark; {@code list} and {@code copy} may join them. Each operation kind is measured on its own, and all of them together.
 *
 * @param weights  relative weights by operation (only positive ones)
 * @param writes   what its PUTs (and the seeded working set) store with each object
 */
public record MixStage(StageCommon common, Map<MixOp, Integer> weights, long objects, SizeSpec size, Stop stop,
                       ObjectSettings writes) implements StageSpec, OfferedLoad {

    public MixStage {
        weights = Map.copyOf(weights);
    }

    @Override
    public Optional<DataShape> bodies() {
        return Optional.of(writes.data());
    }

    @Override
    public StageKind kind() {
        return StageKind.MIX;
    }

    /**
     * The operations a mix draws from. {@code LIST} is one ListObjectsV2 page of {@link #LIST_PAGE} keys of the
     * working set; {@code COPY} copies one of its objects on the server to a key of its own beside it.
     */
    public enum MixOp { GET, PUT, DELETE, HEAD, LIST, COPY }

    /** Keys a mix's LIST asks for: one page, S3's largest. */
    public static final int LIST_PAGE = 1000;

    @Override
    public MixStage shared(Shard shard, int defaultWorkers) {
        return new MixStage(common.shared(shard, kind(), defaultWorkers), weights, shard.part(objects), size, stop.shared(shard), writes);
    }

    @Override
    public MixStage offered(StageCommon common) {
        return new MixStage(common, weights, objects, size, stop, writes);
    }
}
