package io.s3workload.workload.composite;

import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.KindParts;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.util.Optional;

/**
 * A kind a sweep measures ({@code sweep} with {@code op: put} or {@code op: get}), as the planner asks for it when it
 * expands the sweep: the stage of one point, at one size under one thread count. A sweep of GETs uploads each size's
 * objects first with the put kind's point, stopped at the objects it writes, and reads them with the get kind's.
 */
public interface SweepPoint {

    /**
     * The stage measuring {@code size} under {@code common} until {@code stop}; a kind that reads reads stage
     * {@code from}'s objects, a kind that writes has none.
     */
    StageSpec point(StageCommon common, SizeSpec size, Stop stop, Optional<String> from);

    /** {@code kind}'s point, from the table of kinds. */
    static SweepPoint of(StageKind kind) {
        return KindParts.of(kind, SweepPoint.class);
    }
}
