package io.s3workload.workload.yaml;

import io.s3workload.workload.KindParts;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Binds the YAML mapping of one stage kind to its record: a kind's part in the loader, which the table of kinds
 * ({@link KindParts}) gives; the keys a kind accepts are in {@link Keys}.
 */
public interface StageBinder {

    /** The binder of {@code kind}. */
    static StageBinder of(StageKind kind) {
        return KindParts.of(kind, StageBinder.class);
    }

    /**
     * The keys only a stage of this kind takes, and the keys of the mappings only it writes (its own part of the key
     * catalogue, {@link Keys}); none by default, for a kind whose keys the catalogue describes.
     */
    default List<Key> keys() {
        return List.of();
    }

    /**
     * The schema's types that only this kind's keys take, by name, in the order the schema lists them
     * ({@code historyWeights}: a mapping of the keys {@link #keys()} describes). None by default.
     */
    default Map<String, SchemaType> types() {
        return Map.of();
    }

    /** The stage record, or empty when a problem was reported. */
    Optional<StageSpec> bind(StageCommon common, Fields f);
}
