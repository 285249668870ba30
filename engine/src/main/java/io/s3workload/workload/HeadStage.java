package io.s3workload.workload;

/** HeadObject on the objects of stage {@code from}, round-robin; each object once unless a stop is given. */
public record HeadStage(StageCommon common, String from, Stop stop) implements StageSpec {

    @Override
    public StageKind kind() {
        return StageKind.HEAD;
    }

    @Override
    public java.util.Optional<String> readsFrom() {
        return java.util.Optional.of(from);
    }

    @Override
    public HeadStage shared(Shard shard, int defaultWorkers) {
        return new HeadStage(common.shared(shard, kind(), defaultWorkers), from, stop.shared(shard));
    }
}
