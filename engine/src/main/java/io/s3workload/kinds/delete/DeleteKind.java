package io.s3workload.kinds.delete;

import io.s3workload.ground.Units;
import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.StageText;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: delete}: DELETEs of an earlier stage's objects, one key a request or DeleteObjects batches of up to
 * 1,000. Its parts: its cells over what it deletes, its runner ({@link DeleteRunner}), its plan note on batches.
 */
public final class DeleteKind {

    /** A delete: its batches said. */
    private static final StageText TEXT = new StageText() {
        @Override
        public Notes notes(StagePlan stage) {
            DeleteStage delete = stage.spec(DeleteStage.class);
            return delete.batched() ? Notes.last("DeleteObjects of " + Units.count(delete.batch(), "key")
                    + " an operation") : Notes.NONE;
        }
    };

    public static final Kind<DeleteStage> KIND = new Kind<>(DeleteStage.class, new DeleteStageBinder(),
            DeleteKind::shape, DeleteRunner::new, TEXT);

    private DeleteKind() {
    }

    /** Its cells: one over each of the earlier stage's, its keys deleted one a request or a batch at a time. */
    static Shape shape(DeleteStage delete, Place at) {
        return new Shape(at.earlier().get(delete.from()).cells().stream().map(c -> new CellPlan(
                c.size(), c.keys().isPresent() ? OptionalLong.of(delete.operations(c.keys().getAsLong()))
                : OptionalLong.empty(), c.keys(), Optional.empty())).toList(),
                Optional.of(delete.from()), OptionalLong.empty(), 1);
    }
}
