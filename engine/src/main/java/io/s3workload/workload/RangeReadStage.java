package io.s3workload.workload;

/**
 * Reads {@code chunk}-sized ranges at random (or sequential) chunk-aligned offsets from a set of large source
 * objects, prepared first (streamed multipart) unless reusable ones exist.
 */
public record RangeReadStage(StageCommon common, Sources sources, DataSize chunk, boolean sequential, Stop stop,
                             Multipart multipart, boolean verify) implements StageSpec {

    @Override
    public StageKind kind() {
        return StageKind.RANGE_READ;
    }

    /** Its workers and operations are shared; its sources are not (each shard reads its own). */
    @Override
    public RangeReadStage shared(Shard shard, int defaultWorkers) {
        return new RangeReadStage(common.shared(shard, kind(), defaultWorkers), sources, chunk, sequential, stop.shared(shard),
                multipart, verify);
    }
}
