package io.s3workload.workload.yaml;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.Optional;

/**
 * Binds the YAML mapping of one stage kind to its record. One implementation per kind, registered below; the keys
 * a kind accepts are in {@link Keys}.
 */
interface StageBinder {

    /** The binder of {@code kind}: one case a kind, which the compiler insists on. */
    static StageBinder of(StageKind kind) {
        return switch (kind) {
            case PUT -> new PutStageBinder();
            case GET -> new GetStageBinder();
            case DELETE -> new DeleteStageBinder();
            case HEAD -> new HeadStageBinder();
            case LIST -> new ListStageBinder();
            case RANGE_READ -> new RangeReadStageBinder();
            case COPY -> new CopyStageBinder();
            case VERSIONS -> new VersionsStageBinder();
            case APPEND -> new AppendStageBinder();
            case CONNECTIVITY -> new ConnectivityStageBinder();
            case READ_AFTER_WRITE -> new ReadAfterWriteStageBinder();
            case LIST_AFTER_WRITE -> new ListAfterWriteStageBinder();
            case MIX -> new MixStageBinder();
            case TRANSCODE -> new TranscodeStageBinder();
            case HTTP_GET -> new HttpGetStageBinder();
            case HISTORY -> new HistoryStageBinder();
            case REPLAY -> new ReplayStageBinder();
            case CAPACITY -> new CapacityStageBinder();
            case SWEEP -> new SweepStageBinder();
            case COMPARE -> new CompareStageBinder();
            case LOOPS -> new LoopsStageBinder();
            case GROUP -> new GroupStageBinder();
        };
    }

    /** The stage record, or empty when a problem was reported. */
    Optional<StageSpec> bind(StageCommon common, Fields f);
}
