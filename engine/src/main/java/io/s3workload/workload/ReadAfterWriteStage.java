package io.s3workload.workload;

/**
 * Read-after-write consistency: PUT through each writer, then GET (or HEAD) through each reader until the object
 * is there with the PUT's ETag. Convergence is timed per writer-reader pair.
 */
public record ReadAfterWriteStage(StageCommon common, ConsistencyProbe probe, ReadWith readWith)
        implements StageSpec {

    @Override
    public StageKind kind() {
        return StageKind.READ_AFTER_WRITE;
    }

    /** The request a reader polls with. */
    public enum ReadWith { GET, HEAD }
}
