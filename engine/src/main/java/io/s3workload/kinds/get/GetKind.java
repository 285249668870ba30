package io.s3workload.kinds.get;

import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.plan.StageShapes;
import io.s3workload.report.console.StageText;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: get}: GETs of an earlier stage's objects, of the existing objects under a prefix, or of objects it
 * seeds itself. Its parts: its cells, its runner ({@link GetRunner}), its plan note on checksums, and the stage a
 * sweep of GETs measures at a point ({@link GetStageBinder#point}).
 */
public final class GetKind {

    /** A get: checksum validation said. */
    private static final StageText TEXT = new StageText() {
        @Override
        public Notes notes(StagePlan stage) {
            return stage.spec(GetStage.class).validateChecksum()
                    ? Notes.last("reads checked against the server's checksum") : Notes.NONE;
        }
    };

    public static final Kind<GetStage> KIND = new Kind<>(GetStage.class, new GetStageBinder(), GetKind::shape,
            GetRunner::new, TEXT);

    private GetKind() {
    }

    /** The objects under a prefix, an earlier stage's, or its own seeded before it measures. */
    static Shape shape(GetStage get, Place at) {
        if (get.existing().isPresent()) {
            return new Shape(StageShapes.existingCells(get.existing().get(), get.stop()), Optional.empty(),
                    OptionalLong.empty(), Math.max(1, get.ranges().parallel()));
        }
        if (get.readsFrom().isPresent()) {
            List<CellPlan> source = at.earlier().get(get.readsFrom().get()).cells();
            return new Shape(StageShapes.readCells(source, get.stop()), get.readsFrom(), OptionalLong.empty(),
                    Math.max(1, maxRanges(get, source)));
        }
        long seeded = get.stop().objects().orElse(GetStage.DEFAULT_SEED_OBJECTS);
        List<CellPlan> seededCells = get.sizes().stream().map(size -> new CellPlan(size, OptionalLong.of(seeded),
                OptionalLong.of(seeded), Optional.empty())).toList();
        return new Shape(StageShapes.readCells(seededCells, get.stop()), Optional.empty(), OptionalLong.of(seeded),
                Math.max(maxRanges(get, seededCells), StageShapes.fanOut(get.multipart(), get.sizes())));
    }

    private static int maxRanges(GetStage get, List<CellPlan> cells) {
        return cells.stream().anyMatch(c -> get.ranges().applies(c.size().maxBytes())) ? get.ranges().parallel() : 1;
    }
}
