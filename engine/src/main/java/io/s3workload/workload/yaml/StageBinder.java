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

    Set<String> COMMON_KEYS = Set.of("name", "kind", "endpoint", "concurrency", "failOn", "client", "checksums",
            "clients");

    Map<StageKind, StageBinder> BY_KIND = Map.of(
            StageKind.PUT, new PutStageBinder(),
            StageKind.GET, new GetStageBinder(),
            StageKind.DELETE, new DeleteStageBinder(),
            StageKind.HEAD, new HeadStageBinder(),
            StageKind.LIST, new ListStageBinder(),
            StageKind.RANGE_READ, new RangeReadStageBinder(),
            StageKind.CONNECTIVITY, new ConnectivityStageBinder(),
            StageKind.READ_AFTER_WRITE, new ReadAfterWriteStageBinder(),
            StageKind.LIST_AFTER_WRITE, new ListAfterWriteStageBinder());

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
