package io.s3workload.kinds.readafterwrite;

import io.s3workload.kinds.Kind;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.plan.StageShapes;
import io.s3workload.report.console.ProbeBlocks;

/**
 * {@code kind: readAfterWrite}: how soon what a writer wrote reads back through each reader. Its parts: one cell of
 * its writes ({@link StageShapes#probe}), its runner ({@link ReadAfterWriteRunner}, polling as every probe does), its
 * block pair by pair ({@link ProbeBlocks}), headed by what an iteration writes and reads with.
 */
public final class ReadAfterWriteKind {

    public static final Kind<ReadAfterWriteStage> KIND = new Kind<>(ReadAfterWriteStage.class,
            new ReadAfterWriteStageBinder(), ReadAfterWriteKind::shape, ReadAfterWriteRunner::new,
            ProbeBlocks.text(stage -> heading(stage.spec(ReadAfterWriteStage.class))));

    private ReadAfterWriteKind() {
    }

    /** One key an iteration, through each writer. */
    static Shape shape(ReadAfterWriteStage raw, Place at) {
        return StageShapes.probe(raw.probe(), 1, at);
    }

    /** {@code PUT|GET}, {@code COPY|HEAD}, or a version written and read by its id. */
    static ProbeBlocks.Heading heading(ReadAfterWriteStage raw) {
        String what = switch (raw.writeWith()) {
            case PUT -> "PUT|" + raw.readWith();
            case COPY -> "COPY|" + raw.readWith();
            case VERSION -> "PUT version|GET version";
        };
        return new ProbeBlocks.Heading(raw.probe(), "Read-After-Write Consistency", what, "", false);
    }
}
