package io.s3workload.plan;

import io.s3workload.workload.KindParts;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Workload;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the planner makes of a stage of one kind (its cells, its source, its seeding, requests in flight per worker,
 * the endpoints it writes and reads): a kind's part in the planner, which the table of kinds ({@link KindParts})
 * gives. The shapes of the kinds that have no folder of their own yet are in {@link StageShapes}.
 */
@FunctionalInterface
public interface StageShape {

    /** {@code spec}'s shape, planned {@code at} its place in the workload. */
    Shape of(StageSpec spec, Place at);

    /** The shape of {@code kind}'s stages. */
    static StageShape of(StageKind kind) {
        return KindParts.of(kind, StageShape.class);
    }

    /**
     * The shape of a kind planned around a stage it holds (a capacity search around its load): the planner plans
     * {@link #held} in the stage's place first, then asks this for the stage's plan made of that one.
     */
    interface Around extends StageShape {

        /** The stage {@code spec} holds, planned first in its place. */
        StageSpec held(StageSpec spec);

        /** {@code spec}'s plan in {@code workload}, made of its held stage's {@code plan}. */
        StagePlan plan(StageSpec spec, StagePlan held, Workload workload);

        @Override
        default Shape of(StageSpec spec, Place at) {
            throw new IllegalStateException(spec.kind().key() + " stage '" + spec.name()
                    + "' is planned around the stage it holds");
        }
    }

    /**
     * Where a stage is planned: {@code earlier} are the stages planned before it by name, {@code endpoint} its
     * endpoint, {@code endpoints} the workload's.
     */
    record Place(Map<String, StagePlan> earlier, String endpoint, List<String> endpoints) {
    }

    /**
     * What differs by kind: the cells, the source stage, the seeding, requests in flight per worker, and the
     * endpoints written and read (empty: the stage's endpoint for both).
     */
    record Shape(List<CellPlan> cells, Optional<String> from, OptionalLong seedObjects, int fanOut,
                 Optional<StagePlan.Roles> roles) {

        public Shape(List<CellPlan> cells, Optional<String> from, OptionalLong seedObjects, int fanOut) {
            this(cells, from, seedObjects, fanOut, Optional.empty());
        }

        public Shape(List<CellPlan> cells, Optional<String> from, OptionalLong seedObjects, int fanOut,
                     StagePlan.Roles roles) {
            this(cells, from, seedObjects, fanOut, Optional.of(roles));
        }

        /** One cell of its own, with no source, seeding or fan-out. */
        public static Shape one(CellPlan cell) {
            return new Shape(List.of(cell), Optional.empty(), OptionalLong.empty(), 1);
        }
    }
}
