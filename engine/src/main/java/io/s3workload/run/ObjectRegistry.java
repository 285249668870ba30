package io.s3workload.run;

import io.s3workload.workload.DataSize;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Which keys each stage wrote, per size, so later stages can read or delete them. */
public final class ObjectRegistry {

    private final Map<String, Map<DataSize, KeySet>> byStage = new ConcurrentHashMap<>();

    void register(String stage, DataSize size, KeySet keys) {
        byStage.computeIfAbsent(stage, s -> new ConcurrentHashMap<>()).put(size, keys);
    }

    Optional<KeySet> keys(String stage, DataSize size) {
        return Optional.ofNullable(byStage.getOrDefault(stage, Map.of()).get(size));
    }
}
