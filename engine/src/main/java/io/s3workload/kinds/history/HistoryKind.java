package io.s3workload.kinds.history;

import io.s3workload.ground.Durations;
import io.s3workload.ground.Units;
import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.StageText;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code kind: history}: a mix of operations over a few keys, recorded and checked for linearizability
 * (docs/consistency.md). Its parts: its one cell over its keys, its runner ({@link HistoryRunner}), its note in the
 * plan and its checked history ({@link HistoryCheck}).
 */
public final class HistoryKind {

    public static final Kind<HistoryStage> KIND = new Kind<>(HistoryStage.class, new HistoryStageBinder(),
            HistoryKind::shape, HistoryRunner::new, new Text(), () -> List.of(HistoryCheck.TYPE));

    private HistoryKind() {
    }

    /** One cell: its operations (or duration) over its keys. */
    static Shape shape(HistoryStage history, Place at) {
        return Shape.one(new CellPlan(history.size(), history.stop().operations(), OptionalLong.of(history.keys()),
                history.stop().duration()));
    }

    /** A load's text, and the plan says what is checked. */
    private static final class Text implements StageText {

        @Override
        public Notes notes(StagePlan stage) {
            HistoryStage history = stage.spec(HistoryStage.class);
            return Notes.last("a history over " + Units.count(history.keys(), "key") + ", checked for"
                    + " linearizability (at most " + Durations.format(history.checkTimeout()) + " a key)");
        }
    }
}
