package io.s3workload.kinds.append;

import io.s3workload.ground.Units;
import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.StageText;
import java.util.OptionalLong;

/**
 * {@code kind: append}: objects grown by appends (x-amz-write-offset-bytes), one writer an object, each checked as
 * long as what was written. Its parts: one cell of appends over its objects, its runner ({@link AppendRunner}), its
 * plan note when it has fewer objects than workers.
 */
public final class AppendKind {

    /** An append: one writer per object, said where that is fewer workers than asked. */
    private static final StageText TEXT = new StageText() {
        @Override
        public Notes notes(StagePlan stage) {
            AppendStage append = stage.spec(AppendStage.class);
            return append.objects() < stage.workers() ? Notes.last(Units.count(append.objects(), "worker") + ", not "
                    + stage.workers() + ": one writer per object") : Notes.NONE;
        }
    };

    public static final Kind<AppendStage> KIND = new Kind<>(AppendStage.class, new AppendStageBinder(),
            AppendKind::shape, AppendRunner::new, TEXT);

    private AppendKind() {
    }

    static Shape shape(AppendStage append, Place at) {
        return Shape.one(new CellPlan(append.append(), append.stop().operations(), OptionalLong.of(append.objects()),
                append.stop().duration()));
    }
}
