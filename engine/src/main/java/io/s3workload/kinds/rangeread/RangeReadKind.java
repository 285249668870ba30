package io.s3workload.kinds.rangeread;

import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.StageText;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: rangeRead}: ranged GETs at offsets of large sources (its own, uploaded once, or existing objects under
 * a prefix), at random or in order. Its parts: one cell of range reads, its runner ({@link RangeReadRunner}).
 */
public final class RangeReadKind {

    public static final Kind<RangeReadStage> KIND = new Kind<>(RangeReadStage.class, new RangeReadStageBinder(),
            RangeReadKind::shape, RangeReadRunner::new, StageText.LOAD);

    private RangeReadKind() {
    }

    static Shape shape(RangeReadStage read, Place at) {
        return new Shape(List.of(new CellPlan(read.chunk(), read.stop().operations(),
                read.sources().map(s -> OptionalLong.of(s.count())).orElse(OptionalLong.empty()),
                read.stop().duration())), Optional.empty(), OptionalLong.empty(), read.sources()
                .filter(s -> read.multipart().applies(s.size().bytes())).isPresent() ? read.multipart().parallel()
                : 1);
    }
}
