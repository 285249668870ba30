package io.s3workload.kinds.put;

import io.s3workload.ground.SizeSpec;
import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.plan.StageShapes;
import io.s3workload.report.console.StageText;
import io.s3workload.workload.Stop;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: put}: PUTs (or multipart uploads) of new objects, a cell per size. Its parts: its cells, its runner
 * ({@link PutRunner}, with conditional writes checked by {@link ConditionalWrites}), its plan notes, and the stage a
 * sweep of PUTs measures at a point, or uploads for a sweep of GETs to read ({@link PutStageBinder#point}).
 */
public final class PutKind {

    /** A put: each operation a key of its own; conditional writes and measured parts said. */
    private static final StageText TEXT = new StageText() {
        @Override
        public Notes notes(StagePlan stage) {
            PutStage put = stage.spec(PutStage.class);
            List<String> notes = new ArrayList<>();
            if (put.conditional() != Conditional.NONE) {
                notes.add(put.conditional() == Conditional.IF_MATCH
                        ? "conditional: If-Match the ETag last written (If-None-Match: * on a key's first write)"
                        : "conditional: If-None-Match: * (create only)");
            }
            if (put.multipart().measureParts()) {
                notes.add("parts measured one by one (an UPLOAD PART cell beside each multipart size)");
            }
            return new Notes(List.of(), notes);
        }

        @Override
        public String keys(StagePlan stage) {
            return "1 per op";
        }
    };

    public static final Kind<PutStage> KIND = new Kind<>(PutStage.class, new PutStageBinder(), PutKind::shape,
            PutRunner::new, TEXT);

    private PutKind() {
    }

    static Shape shape(PutStage put, Place at) {
        return new Shape(cells(put.sizes(), put.stop()), Optional.empty(), OptionalLong.empty(),
                StageShapes.fanOut(put.multipart(), put.sizes()));
    }

    /**
     * Puts: {@code objects} alone writes each key once; {@code operations} alone writes that many new keys; both
     * write round-robin over the keys; a duration alone writes a new key per operation until it ends.
     */
    private static List<CellPlan> cells(List<SizeSpec> sizes, Stop stop) {
        OptionalLong operations = stop.operations().isPresent() ? stop.operations()
                : stop.duration().isEmpty() ? stop.objects() : OptionalLong.empty();
        OptionalLong keys = stop.objects().isPresent() ? stop.objects() : stop.operations();
        return sizes.stream().map(size -> new CellPlan(size, operations, keys, stop.duration())).toList();
    }
}
