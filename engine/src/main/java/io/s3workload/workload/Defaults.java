package io.s3workload.workload;

import io.s3workload.ground.Shard;
import io.s3workload.workload.endpoints.ClientSpec;
import java.util.Optional;
import java.util.OptionalInt;

/** Stage settings a workload sets once for all its stages; unset values fall back to built-in defaults. */
public record Defaults(Optional<String> endpoint, OptionalInt concurrency, ClientSpec client) {

    public static final Defaults NONE = new Defaults(Optional.empty(), OptionalInt.empty(), ClientSpec.UNSET);
    /** Concurrency when neither a stage nor the workload's defaults give one. */
    public static final int CONCURRENCY = 16;

    /** The workers of a stage that takes {@code concurrency} and gives none. */
    public int workers() {
        return concurrency.orElse(CONCURRENCY);
    }

    /** Default workers and connections shared, as the stages' own. */
    public Defaults shared(Shard shard) {
        return new Defaults(endpoint, concurrency.isPresent() ? OptionalInt.of(shard.part(concurrency.getAsInt()))
                : concurrency, client.shared(shard));
    }
}
