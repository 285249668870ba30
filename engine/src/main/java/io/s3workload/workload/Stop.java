package io.s3workload.workload;

import io.s3workload.ground.Shard;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * When a closed-loop cell stops: after {@code duration}, after {@code operations}, or once over {@code objects}
 * distinct keys (whichever comes first). Each is optional; stages say which combinations they accept.
 */
public record Stop(Optional<Duration> duration, OptionalLong operations, OptionalLong objects) {

    public static final Stop NONE = new Stop(Optional.empty(), OptionalLong.empty(), OptionalLong.empty());

    public boolean isEmpty() {
        return duration.isEmpty() && operations.isEmpty() && objects.isEmpty();
    }

    /** Operations and objects shared; the duration is every shard's. */
    public Stop shared(Shard shard) {
        return new Stop(duration, operations.isPresent() ? OptionalLong.of(shard.part(operations.getAsLong()))
                : operations, objects.isPresent() ? OptionalLong.of(shard.part(objects.getAsLong())) : objects);
    }
}
