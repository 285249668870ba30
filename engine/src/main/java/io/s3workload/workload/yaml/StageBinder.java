package io.s3workload.workload.yaml;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Binds the YAML mapping of one stage kind to its record. One implementation per kind, registered below. */
interface StageBinder {

    Set<String> COMMON_KEYS = Set.of("name", "kind", "tags", "endpoint", "concurrency", "failOn", "client",
            "checksums", "clients", "connections", "timeouts", "retries", "rate", "ramp", "thinkTime", "after", "with",
            "onFailure");

    Map<StageKind, StageBinder> BY_KIND = Map.ofEntries(
            Map.entry(StageKind.PUT, new PutStageBinder()),
            Map.entry(StageKind.GET, new GetStageBinder()),
            Map.entry(StageKind.DELETE, new DeleteStageBinder()),
            Map.entry(StageKind.HEAD, new HeadStageBinder()),
            Map.entry(StageKind.LIST, new ListStageBinder()),
            Map.entry(StageKind.RANGE_READ, new RangeReadStageBinder()),
            Map.entry(StageKind.CONNECTIVITY, new ConnectivityStageBinder()),
            Map.entry(StageKind.READ_AFTER_WRITE, new ReadAfterWriteStageBinder()),
            Map.entry(StageKind.LIST_AFTER_WRITE, new ListAfterWriteStageBinder()),
            Map.entry(StageKind.MIX, new MixStageBinder()),
            Map.entry(StageKind.TRANSCODE, new TranscodeStageBinder()),
            Map.entry(StageKind.HTTP_GET, new HttpGetStageBinder()),
            Map.entry(StageKind.SWEEP, new SweepStageBinder()),
            Map.entry(StageKind.COMPARE, new CompareStageBinder()),
            Map.entry(StageKind.LOOPS, new LoopsStageBinder()),
            Map.entry(StageKind.GROUP, new GroupStageBinder()));

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
