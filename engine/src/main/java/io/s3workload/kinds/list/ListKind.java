package io.s3workload.kinds.list;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.StageText;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code kind: list}: ListObjectsV2 pages of an earlier stage's objects (or a prefix's), timed page by page. Its
 * parts: one cell of listings, its runner ({@link ListRunner}), its table without sizes.
 */
public final class ListKind {

    /** A list: no object size. */
    private static final StageText TEXT = new StageText() {
        @Override
        public boolean sized() {
            return false;
        }
    };

    public static final Kind<ListStage> KIND = new Kind<>(ListStage.class, new ListStageBinder(),
            ListKind::shape, ListRunner::new, TEXT);

    private ListKind() {
    }

    static Shape shape(ListStage list, Place at) {
        return new Shape(List.of(new CellPlan(SizeSpec.of(DataSize.ofBytes(0)),
                list.stop().operations().isPresent() ? list.stop().operations()
                        : list.stop().duration().isPresent() ? OptionalLong.empty() : OptionalLong.of(1),
                OptionalLong.empty(), list.stop().duration())), list.from(), OptionalLong.empty(), 1);
    }
}
