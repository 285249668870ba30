package io.s3workload.workload;

import java.util.List;

/**
 * Closed-loop PUTs: one measured cell per size, run in turn. {@code objects} bounds the distinct keys (written
 * round-robin when {@code operations} is larger); without it every PUT writes a new key. Objects over the
 * multipart threshold are uploaded in parallel parts.
 *
 * @param sharedKeys whether workers may write one key at the same time (overwrite contention, on purpose); by
 *                   default a worker skips to a key no other worker is writing, which there is whenever
 *                   {@code objects} is at least the workers
 */
public record PutStage(StageCommon common, List<SizeSpec> sizes, Stop stop, Multipart multipart,
                       ObjectSettings writes, boolean sharedKeys) implements StageSpec, CapacityStage.Body {

    public PutStage {
        sizes = List.copyOf(sizes);
    }

    public PutStage(StageCommon common, List<SizeSpec> sizes, Stop stop, Multipart multipart) {
        this(common, sizes, stop, multipart, ObjectSettings.NONE, false);
    }

    @Override
    public java.util.Optional<DataShape> bodies() {
        return java.util.Optional.of(writes.data());
    }

    @Override
    public StageKind kind() {
        return StageKind.PUT;
    }

    @Override
    public PutStage shared(Shard shard, int defaultWorkers) {
        return new PutStage(common.shared(shard, kind(), defaultWorkers), sizes, stop.shared(shard), multipart, writes, sharedKeys);
    }

    @Override
    public PutStage offered(StageCommon common) {
        return new PutStage(common, sizes, stop, multipart, writes, sharedKeys);
    }
}
