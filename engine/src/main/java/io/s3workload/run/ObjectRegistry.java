package io.s3workload.run;

import io.s3workload.workload.SizeSpec;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Which keys each stage wrote, per size, so later stages can read or delete them. */
public final class ObjectRegistry {

    private final Map<String, Map<SizeSpec, KeySet>> byStage = new ConcurrentHashMap<>();

    void register(String stage, SizeSpec size, KeySet keys) {
        byStage.computeIfAbsent(stage, s -> new ConcurrentHashMap<>()).put(size, keys);
    }

    /** Every key set the stage registered, by size. */
    Map<SizeSpec, KeySet> all(String stage) {
        return Map.copyOf(byStage.getOrDefault(stage, Map.of()));
    }

    Optional<KeySet> keys(String stage, SizeSpec size) {
        return Optional.ofNullable(byStage.getOrDefault(stage, Map.of()).get(size));
    }
}
