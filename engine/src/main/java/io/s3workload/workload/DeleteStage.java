package io.s3workload.workload;

/** Deletes every object stage {@code from} wrote, one DeleteObject per operation, and reports deletes/s. */
public record DeleteStage(StageCommon common, String from) implements StageSpec {

    @Override
    public StageKind kind() {
        return StageKind.DELETE;
    }

    @Override
    public java.util.Optional<String> readsFrom() {
        return java.util.Optional.of(from);
    }

    @Override
    public DeleteStage shared(Shard shard, int defaultWorkers) {
        return new DeleteStage(common.shared(shard, kind(), defaultWorkers), from);
    }
}
