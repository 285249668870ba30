package io.s3workload.plan;

import io.s3workload.ground.SizeSpec;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One measured cell of a stage, run after the previous one.
 *
 * @param operations operations to run; empty means until {@code duration} (or until {@code keys} when known
 *                   only at run time: a get or delete over a duration-bound put's objects)
 * @param keys       distinct keys; empty means one new key per operation (puts) or as many as the source wrote
 */
public record CellPlan(SizeSpec size, OptionalLong operations, OptionalLong keys, Optional<Duration> duration) {

    /** No bound: a cell without a count runs until its time is up (or its stage says it is done). */
    public static final long UNBOUNDED = Long.MAX_VALUE;

    /** How many operations the cell runs: {@code operations}, else {@link #UNBOUNDED}. */
    public long operationLimit() {
        return operations.orElse(UNBOUNDED);
    }

    /** How many keys it writes or reads: {@code keys}, else {@link #UNBOUNDED} (a new key per operation). */
    public long keyLimit() {
        return keys.orElse(UNBOUNDED);
    }

    /** How long it starts operations, in nanoseconds, when it is duration-bound. */
    public OptionalLong durationNanos() {
        return duration.map(d -> OptionalLong.of(d.toNanos())).orElse(OptionalLong.empty());
    }

    /**
     * How many operations a cell over {@code keyCount} existing keys runs: {@code operations}, else as many as time
     * allows, else each key once.
     */
    public long operationLimit(long keyCount) {
        return operations.orElse(duration.isPresent() ? Long.MAX_VALUE : keyCount);
    }

    /**
     * Bytes moved if every operation succeeds (on average, for a size range), when the count is known and so are the
     * sizes (not those of existing objects, listed at run time).
     */
    public OptionalLong expectedBytes() {
        return operations.isPresent() && size.known() ? OptionalLong.of(Math.round(operations.getAsLong() * size.meanBytes()))
                : OptionalLong.empty();
    }
}
