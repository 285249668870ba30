package io.s3workload.kinds.rangeread;

import io.s3workload.ground.Shard;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.OfferedLoad;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ObjectsFrom;
import io.s3workload.workload.objects.Sources;
import java.util.List;
import java.util.Optional;

/**
 * Reads {@code chunk}-sized ranges at random (or sequential) chunk-aligned offsets from a set of large source
 * objects, prepared first (streamed multipart) unless reusable ones exist; with a chunk range ({@code {min, max}}),
 * ranges of a random length in it at a random offset, as warp's {@code --range-size}. Which source each read takes
 * is the stage's {@code access} (at random by default). With {@code from: {prefix}} instead of sources, it reads ranges
 * of the existing objects under that prefix, each range within its object.
 */
public record RangeReadStage(StageCommon common, Optional<Sources> sources, Optional<ObjectsFrom.Prefix> from,
                             SizeSpec chunk, boolean sequential, Stop stop,
                             Multipart multipart, boolean verify) implements StageSpec, OfferedLoad {

    /** The orders a rangeRead reads its chunks in ({@code order}): random, or sequential through each source. */
    public static final List<String> ORDERS = List.of("random", "sequential");

    @Override
    public Optional<DataShape> bodies() {
        return sources.map(Sources::data);
    }

    public RangeReadStage {
        if (sources.isPresent() == from.isPresent()) {
            throw new IllegalArgumentException("a rangeRead reads its own sources or existing objects: one of them");
        }
    }

    @Override
    public Optional<ObjectsFrom.Prefix> existing() {
        return from;
    }

    @Override
    public StageKind kind() {
        return StageKind.RANGE_READ;
    }

    @Override
    public Optional<Sources> preparedSources() {
        return sources;
    }

    /** Its workers and operations are shared; its sources are not (each shard reads its own). */
    @Override
    public RangeReadStage shared(Shard shard, int defaultWorkers) {
        return new RangeReadStage(common.shared(shard, kind(), defaultWorkers), sources, from, chunk, sequential, stop.shared(shard),
                multipart, verify);
    }

    /** Sources of its own would be uploaded again at every step. */
    @Override
    public Optional<Unfit> unfitToRepeat() {
        return from.isPresent() || sources.orElseThrow().reuse() ? Optional.empty() : Optional.of(new Unfit("sources",
                "a capacity search's rangeRead reads sources that outlive a step: add reuse: true here, or read"
                        + " existing objects with from: {prefix: ...} (sources of its own would be uploaded again at"
                        + " every step)"));
    }

    @Override
    public RangeReadStage offered(StageCommon common) {
        return new RangeReadStage(common, sources, from, chunk, sequential, stop, multipart, verify);
    }
}
