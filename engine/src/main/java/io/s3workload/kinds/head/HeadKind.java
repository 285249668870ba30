package io.s3workload.kinds.head;

import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.plan.StageShapes;
import io.s3workload.report.console.StageText;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code kind: head}: HeadObject of an earlier stage's objects or of those under a prefix. Its parts: its cells over
 * what it reads, its runner ({@link HeadRunner}).
 */
public final class HeadKind {

    public static final Kind<HeadStage> KIND = new Kind<>(HeadStage.class, new HeadStageBinder(),
            HeadKind::shape, HeadRunner::new, StageText.LOAD);

    private HeadKind() {
    }

    /** Its cells: over an earlier stage's objects, or one over those under a prefix. */
    static Shape shape(HeadStage head, Place at) {
        List<CellPlan> cells = head.existing().isPresent()
                ? StageShapes.existingCells(head.existing().get(), head.stop())
                : StageShapes.readCells(at.earlier().get(head.readsFrom().get()).cells(), head.stop());
        return new Shape(cells, head.readsFrom(), OptionalLong.empty(), 1);
    }
}
