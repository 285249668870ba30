package io.s3workload.run.keys;

import io.s3workload.ground.SizeSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Which keys each stage wrote, per size, so later stages can read or delete them; and every key set any stage
 * wrote (a mix stage's working set too), which cleanup deletes by name when the run prefix cannot be listed.
 */
public final class ObjectRegistry {

    private final Map<String, Map<SizeSpec, KeySet>> byStage = new ConcurrentHashMap<>();
    private final List<KeySet> written = new CopyOnWriteArrayList<>();

    /** The keys {@code stage} wrote at {@code size}, for stages reading {@code from} it. */
    public void register(String stage, SizeSpec size, KeySet keys) {
        byStage.computeIfAbsent(stage, s -> new ConcurrentHashMap<>()).put(size, keys);
        wrote(keys);
    }

    /** Keys the run wrote (or tried to) that no stage reads from. */
    public void wrote(KeySet keys) {
        written.add(keys);
    }

    /** Every key set the stage registered, by size. */
    public Map<SizeSpec, KeySet> all(String stage) {
        return Map.copyOf(byStage.getOrDefault(stage, Map.of()));
    }

    public Optional<KeySet> keys(String stage, SizeSpec size) {
        return Optional.ofNullable(byStage.getOrDefault(stage, Map.of()).get(size));
    }

    /** Every key set written so far, in the order written. */
    public List<KeySet> written() {
        return List.copyOf(written);
    }
}
