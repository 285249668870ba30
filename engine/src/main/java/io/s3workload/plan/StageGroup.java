package io.s3workload.plan;

import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageKind;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where a stage made by expanding a {@code sweep}, {@code compare} or loops stage sits in it, so that
 * reporters can put its members together again. Only the coordinates the composite kind has are set.
 *
 * @param name        the composite stage's name
 * @param preparation a member that only prepares data (a sweep's uploads before its GETs), left out of the table
 */
public record StageGroup(String name, StageKind kind, Optional<SizeSpec> size, OptionalInt threads,
                         Optional<String> endpoint, OptionalInt round, OptionalInt loop, boolean preparation) {

    static StageGroup sweep(String name, SizeSpec size, OptionalInt threads, boolean preparation) {
        return new StageGroup(name, StageKind.SWEEP, Optional.of(size), threads, Optional.empty(),
                OptionalInt.empty(), OptionalInt.empty(), preparation);
    }

    static StageGroup compare(String name, String endpoint, int round) {
        return new StageGroup(name, StageKind.COMPARE, Optional.empty(), OptionalInt.empty(), Optional.of(endpoint),
                OptionalInt.of(round), OptionalInt.empty(), false);
    }

    static StageGroup together(String name) {
        return new StageGroup(name, StageKind.GROUP, Optional.empty(), OptionalInt.empty(), Optional.empty(),
                OptionalInt.empty(), OptionalInt.empty(), false);
    }

    static StageGroup loop(String name, int loop) {
        return new StageGroup(name, StageKind.LOOPS, Optional.empty(), OptionalInt.empty(), Optional.empty(),
                OptionalInt.empty(), OptionalInt.of(loop), false);
    }
}
