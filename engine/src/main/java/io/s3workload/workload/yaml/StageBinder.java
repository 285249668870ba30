package io.s3workload.workload.yaml;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Binds the YAML mapping of one stage kind to its record. One implementation per kind, registered below. */
interface StageBinder {

    Set<String> COMMON_KEYS = Set.of("name", "kind", "tags", "endpoint", "concurrency", "failOn", "client",
            "checksums", "clients", "connections", "timeouts", "retries", "rate", "ramp", "thinkTime", "after", "with",
            "onFailure");

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
            case CONNECTIVITY -> new ConnectivityStageBinder();
            case READ_AFTER_WRITE -> new ReadAfterWriteStageBinder();
            case LIST_AFTER_WRITE -> new ListAfterWriteStageBinder();
            case MIX -> new MixStageBinder();
            case TRANSCODE -> new TranscodeStageBinder();
            case HTTP_GET -> new HttpGetStageBinder();
            case SWEEP -> new SweepStageBinder();
            case COMPARE -> new CompareStageBinder();
            case LOOPS -> new LoopsStageBinder();
            case GROUP -> new GroupStageBinder();
        };
    }

    /** The keys every stage of {@code kind} accepts: its binder's and those its traits bring. */
    static Set<String> keysOf(StageKind kind) {
        Set<String> all = new TreeSet<>(of(kind).allKeys());
        if (kind.has(StageKind.Trait.WARM_UP)) {
            all.add("warmUp");
        }
        if (kind.has(StageKind.Trait.STOP_WHEN_STABLE)) {
            all.add("stopWhenStable");
        }
        if (kind.has(StageKind.Trait.SPREADS)) {
            all.add("endpoints");
            all.add("hostSelect");
        }
        if (kind.has(StageKind.Trait.PICKS_KEYS)) {
            all.add("access");
        }
        return all;
    }

    /** The keys this kind accepts besides {@link #COMMON_KEYS}. */
    Set<String> keys();

    /** The stage record, or empty when a problem was reported. */
    Optional<StageSpec> bind(StageCommon common, Fields fields);

    default Set<String> allKeys() {
        Set<String> all = new TreeSet<>(COMMON_KEYS);
        all.addAll(keys());
        return all;
    }
}
