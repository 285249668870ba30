package io.s3workload.workload;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Shard;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What read-after-write and list-after-write probes share: each iteration writes through every writer and polls
 * every reader until it shows what was written (with the written ETag), or {@code timeout} after the write.
 *
 * @param writers         endpoints that write; empty means the stage's endpoint
 * @param readers         endpoints that read; empty means every endpoint of the workload; {@link #SELF} among them
 *                        means each writer reads its own writes back too
 * @param immediateWithin a read that converges within this long of the write counts as immediate; zero means
 *                        only the first read does
 * @param overwrite       rewrite the same key(s) every iteration with new content, so a reader can be caught
 *                        serving the previous version (a stale read); otherwise every iteration writes new keys
 * @param pairs           whether each writer's readers are polled together after one write, or pair by pair
 */
public record ConsistencyProbe(List<String> writers, List<String> readers, int iterations, DataSize size,
                               Duration pollInterval, Duration timeout, Duration immediateWithin, boolean overwrite,
                               PairOrder pairs) {

    /** In {@code readers}: each writer itself, so that {@code [self, regional]} pairs every writer with itself. */
    public static final String SELF = "self";
    public static final int DEFAULT_ITERATIONS = 10;
    public static final DataSize DEFAULT_SIZE = DataSize.ofBytes(1024);
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(50);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public ConsistencyProbe {
        writers = List.copyOf(writers);
        readers = List.copyOf(readers);
    }

    /** How writer-reader pairs are probed. */
    public enum PairOrder {
        /** One write per writer and iteration; all its readers are polled at once from that write. */
        PARALLEL,
        /** Pair after pair, each iteration of a pair with a write of its own. */
        SEQUENTIAL
    }

    /** Iterations shared: each shard writes and reads back its part of them. */
    public ConsistencyProbe shared(Shard shard) {
        return new ConsistencyProbe(writers, readers, shard.part(iterations), size, pollInterval, timeout,
                immediateWithin, overwrite, pairs);
    }

    /** The endpoints a probe stage names: its settings' ({@code endpoint}), its writers and its readers. */
    public List<StageSpec.EndpointName> endpointsNamed(StageCommon common) {
        List<StageSpec.EndpointName> named = new ArrayList<>(common.endpointsNamed());
        StageSpec.EndpointName.list("writers", writers, named);
        StageSpec.EndpointName.list("readers", readers, named);
        return named;
    }
}
