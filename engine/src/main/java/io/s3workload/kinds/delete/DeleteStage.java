package io.s3workload.kinds.delete;

import io.s3workload.ground.Shard;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.Optional;

/**
 * Deletes every object stage {@code from} wrote, and reports deletes/s: one DeleteObject per operation, or with
 * {@code batch} above 1 one DeleteObjects request of up to that many keys per operation (its items the keys
 * removed).
 */
public record DeleteStage(StageCommon common, String from, int batch) implements StageSpec {

    /** S3's most keys in one DeleteObjects request. */
    public static final int MAX_BATCH = 1000;

    /** Whether each operation is one DeleteObjects request rather than one DeleteObject. */
    public boolean batched() {
        return batch > 1;
    }

    /** The operations that delete {@code keys} keys: one a batch. */
    public long operations(long keys) {
        return (keys + batch - 1) / batch;
    }

    @Override
    public StageKind kind() {
        return StageKind.DELETE;
    }

    @Override
    public Optional<String> readsFrom() {
        return Optional.of(from);
    }

    @Override
    public DeleteStage shared(Shard shard, int defaultWorkers) {
        return new DeleteStage(common.shared(shard, kind(), defaultWorkers), from, batch);
    }
}
