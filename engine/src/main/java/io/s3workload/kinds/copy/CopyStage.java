package io.s3workload.kinds.copy;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Shard;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ObjectsFrom;
import java.util.Optional;

/**
 * {@code kind: copy}: server-side copies of stage {@code from}'s objects (or of existing objects under a prefix) to
 * new keys of this stage, round-robin over
 * the sources; each source once unless a stop is given. Sources over the {@code multipart} threshold are copied in
 * parts with UploadPartCopy, {@code parallel} at a time. With {@code verify}, each copy is read back and checked
 * against its source's bytes before the worker's next copy (the read is not in the copy's latency).
 */
public record CopyStage(StageCommon common, ObjectsFrom from, Stop stop, Multipart multipart, boolean verify)
        implements StageSpec {

    /**
     * Copies above CopyObject's 5 GiB limit go in parts by default; smaller ones in one request, as a user copying
     * an object would. Set {@code multipart} lower to measure UploadPartCopy.
     */
    public static final Multipart DEFAULT_MULTIPART = new Multipart(DataSize.ofMiB(5 * 1024), DataSize.ofMiB(512), 10);

    @Override
    public StageKind kind() {
        return StageKind.COPY;
    }

    @Override
    public Optional<String> readsFrom() {
        return from.stage();
    }

    @Override
    public Optional<ObjectsFrom.Prefix> existing() {
        return from.existing();
    }

    @Override
    public CopyStage shared(Shard shard, int defaultWorkers) {
        return new CopyStage(common.shared(shard, kind(), defaultWorkers), from, stop.shared(shard), multipart, verify);
    }
}
