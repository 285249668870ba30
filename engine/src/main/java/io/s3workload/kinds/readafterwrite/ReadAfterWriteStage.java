package io.s3workload.kinds.readafterwrite;

import io.s3workload.ground.Shard;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.List;

/**
 * Read-after-write consistency: write through each writer — a PUT, a server-side copy or a PUT of a new version —
 * then GET (or HEAD) through each reader until the object is there as written. Convergence is timed per
 * writer-reader pair.
 */
public record ReadAfterWriteStage(StageCommon common, ConsistencyProbe probe, ReadWith readWith, WriteWith writeWith)
        implements StageSpec {

    @Override
    public StageKind kind() {
        return StageKind.READ_AFTER_WRITE;
    }

    /** The request a reader polls with. */
    public enum ReadWith { GET, HEAD }

    /**
     * How an iteration writes its object. {@code COPY}: a server-side copy (CopyObject) of a source the writer PUT
     * just before, unmeasured, so that what converges is the copy. {@code VERSION}: a PUT into a versioned bucket,
     * read back by its version id (GET ?versionId=) until the reader has that very version.
     */
    public enum WriteWith { PUT, COPY, VERSION }

    @Override
    public ReadAfterWriteStage shared(Shard shard, int defaultWorkers) {
        return new ReadAfterWriteStage(common.shared(shard, kind(), defaultWorkers), probe.shared(shard), readWith, writeWith);
    }

    @Override
    public List<EndpointName> endpointsNamed() {
        return probe.endpointsNamed(common);
    }
}
