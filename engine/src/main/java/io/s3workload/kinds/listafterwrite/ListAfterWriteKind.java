package io.s3workload.kinds.listafterwrite;

import io.s3workload.ground.Units;
import io.s3workload.kinds.Kind;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.plan.StageShapes;
import io.s3workload.report.console.ProbeBlocks;

/**
 * {@code kind: listAfterWrite}: how soon the keys a writer PUT are listed through each reader. Its parts: one cell
 * of its writes ({@link StageShapes#probe}, {@code objects} keys an iteration), its runner
 * ({@link ListAfterWriteRunner}, polling as every probe does), its block pair by pair ({@link ProbeBlocks}), its polls
 * counted as listings.
 */
public final class ListAfterWriteKind {

    public static final Kind<ListAfterWriteStage> KIND = new Kind<>(ListAfterWriteStage.class,
            new ListAfterWriteStageBinder(), ListAfterWriteKind::shape, ListAfterWriteRunner::new,
            ProbeBlocks.text(stage -> heading(stage.spec(ListAfterWriteStage.class))));

    private ListAfterWriteKind() {
    }

    static Shape shape(ListAfterWriteStage law, Place at) {
        return StageShapes.probe(law.probe(), law.objects(), at);
    }

    static ProbeBlocks.Heading heading(ListAfterWriteStage law) {
        return new ProbeBlocks.Heading(law.probe(), "List-After-Write Consistency", "PUT|LIST",
                " of " + Units.count(law.objects(), "object"), true);
    }
}
