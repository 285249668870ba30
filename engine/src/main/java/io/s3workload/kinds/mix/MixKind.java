package io.s3workload.kinds.mix;

import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.StageText;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: mix}: warp's mixed benchmark: GET, HEAD, PUT, DELETE, LIST and COPY drawn by weight over a seeded
 * working set, a cell for each operation and one for the mix. Its parts: its one planned cell over its objects, its
 * runner ({@link MixRunner}).
 */
public final class MixKind {

    public static final Kind<MixStage> KIND = new Kind<>(MixStage.class, new MixStageBinder(),
            MixKind::shape, MixRunner::new, StageText.LOAD);

    private MixKind() {
    }

    static Shape shape(MixStage mix, Place at) {
        return new Shape(List.of(new CellPlan(mix.size(), mix.stop().operations(), OptionalLong.of(mix.objects()),
                mix.stop().duration())), Optional.empty(), OptionalLong.of(mix.objects()), 1);
    }
}
