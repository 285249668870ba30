package io.s3workload.kinds.copy;

import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.plan.StageShapes;
import io.s3workload.report.console.StageText;
import io.s3workload.workload.Stop;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: copy}: server-side copies (CopyObject, or UploadPartCopy in parts above a threshold) of an earlier
 * stage's objects or of those under a prefix, each to a key of its own. Its parts: its cells (each copy a new key),
 * its runner ({@link CopyRunner}).
 */
public final class CopyKind {

    public static final Kind<CopyStage> KIND = new Kind<>(CopyStage.class, new CopyStageBinder(),
            CopyKind::shape, CopyRunner::new, StageText.LOAD);

    private CopyKind() {
    }

    /** A copy stage: of the objects under a prefix, or of an earlier stage's. */
    static Shape shape(CopyStage copy, Place at) {
        Map<String, StagePlan> earlier = at.earlier();
        if (copy.existing().isPresent()) {
            return new Shape(copyCells(StageShapes.existingCells(copy.existing().get(), copy.stop()), copy.stop()),
                    Optional.empty(), OptionalLong.empty(), copy.multipart().parallel());
        }
        List<CellPlan> source = earlier.get(copy.readsFrom().get()).cells();
        return new Shape(copyCells(source, copy.stop()), copy.readsFrom(), OptionalLong.empty(),
                StageShapes.fanOut(copy.multipart(), source.stream().map(CellPlan::size).toList()));
    }

    /** A copy stage's cells: as a reader's, but every copy is a new key, so it writes as many keys as it copies. */
    private static List<CellPlan> copyCells(List<CellPlan> source, Stop stop) {
        return StageShapes.readCells(source, stop).stream()
                .map(c -> new CellPlan(c.size(), c.operations(), c.operations(), c.duration())).toList();
    }
}
