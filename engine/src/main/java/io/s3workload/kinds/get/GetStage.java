package io.s3workload.kinds.get;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Shard;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.OfferedLoad;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ObjectSettings;
import io.s3workload.workload.objects.ObjectsFrom;
import io.s3workload.workload.objects.ParallelRanges;
import java.util.List;
import java.util.Optional;

/**
 * Closed-loop GETs recording time to first byte and full latency. Reads the objects of stage {@code from} (or the
 * existing objects under a prefix), or, without it, seeds {@code objects} objects of each size first (not measured). Objects over the range threshold
 * are read as parallel ranges; with {@code verify} every byte is checked, with {@code validateChecksum} the body
 * against the object's checksum the server sends. {@code writes} apply to the seeded
 * objects.
 */
public record GetStage(StageCommon common, Optional<ObjectsFrom> from, List<SizeSpec> sizes, Stop stop,
                       ParallelRanges ranges, Multipart multipart, boolean verify, ObjectSettings writes,
                       boolean validateChecksum) implements StageSpec, OfferedLoad {

    /** Objects seeded per size when a get stage has no {@code from} and no {@code objects}. */
    public static final long DEFAULT_SEED_OBJECTS = 16;

    public GetStage {
        sizes = List.copyOf(sizes);
    }

    public GetStage(StageCommon common, Optional<ObjectsFrom> from, List<SizeSpec> sizes, Stop stop,
                    ParallelRanges ranges, Multipart multipart, boolean verify) {
        this(common, from, sizes, stop, ranges, multipart, verify, ObjectSettings.NONE, false);
    }

    /** The objects it seeds when it reads none of another stage's. */
    @Override
    public Optional<DataShape> bodies() {
        return from.isPresent() ? Optional.empty() : Optional.of(writes.data());
    }

    @Override
    public StageKind kind() {
        return StageKind.GET;
    }

    /** A get writes objects only when it seeds its own: it reads no stage's and no prefix's. */
    @Override
    public boolean writesObjects() {
        return from.isEmpty();
    }

    @Override
    public Optional<String> readsFrom() {
        return from.flatMap(ObjectsFrom::stage);
    }

    @Override
    public Optional<ObjectsFrom.Prefix> existing() {
        return from.filter(ObjectsFrom.Prefix.class::isInstance).map(ObjectsFrom.Prefix.class::cast);
    }

    @Override
    public GetStage shared(Shard shard, int defaultWorkers) {
        return new GetStage(common.shared(shard, kind(), defaultWorkers), from, sizes, stop.shared(shard), ranges, multipart, verify, writes,
                validateChecksum);
    }

    /** A get that seeds its own objects would seed them again at every step. */
    @Override
    public Optional<Unfit> unfitToRepeat() {
        return from.isPresent() ? Optional.empty() : Optional.of(new Unfit("", "a capacity search's get reads objects"
                + " written before it: add from: <a put stage> or from: {prefix: ...} (a get that seeds its own"
                + " objects would seed them again at every step)"));
    }

    @Override
    public GetStage offered(StageCommon common) {
        return new GetStage(common, from, sizes, stop, ranges, multipart, verify, writes, validateChecksum);
    }

    @Override
    public Optional<DataSize> readsInRangesAbove() {
        return Optional.of(ranges.threshold());
    }
}
