package io.s3workload.kinds.replay;

import io.s3workload.ground.SizeSpec;
import io.s3workload.ground.Units;
import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.StageText;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * {@code kind: replay}: a trace played on its recorded clock (docs/replay.md). Its parts: one cell of the recorded
 * operations, its runner ({@link ReplayRunner}), its header and plan note, and how faithfully it played
 * ({@link ReplayFidelity}).
 */
public final class ReplayKind {

    public static final Kind<ReplayStage> KIND = new Kind<>(ReplayStage.class, new ReplayStageBinder(),
            ReplayKind::shape, ReplayRunner::new, new Text(), () -> List.of(ReplayFidelity.TYPE));

    private ReplayKind() {
    }

    /** One cell: the trace's operations, of the sizes recorded. */
    static Shape shape(ReplayStage replay, Place at) {
        return Shape.one(new CellPlan(SizeSpec.Weighted.recorded(), OptionalLong.of(replay.operations()),
                OptionalLong.empty(), Optional.empty()));
    }

    /** On the recorded clock, its files and selection said; its keys as recorded. */
    private static final class Text implements StageText {

        @Override
        public String header(StagePlan stage) {
            ReplayStage replay = stage.spec(ReplayStage.class);
            return "on the recorded clock" + (replay.speed() == 1 ? "" : " at " + Units.plain(replay.speed()) + "x")
                    + ", at most " + stage.concurrency() + " in flight" + stage.spread().map(s -> ", endpoints "
                    + String.join(", ", s.names())).orElse(", endpoint " + stage.endpoint());
        }

        @Override
        public Notes notes(StagePlan stage) {
            ReplayStage replay = stage.spec(ReplayStage.class);
            return Notes.last("replays " + replay.files().stream()
                    .map(f -> f.getFileName() + (Files.isDirectory(f) ? "/" : ""))
                    .collect(Collectors.joining(", ")) + " ("
                    + Units.count(replay.operations(), "operation") + ") on the recorded clock"
                    + (replay.speed() == 1 ? "" : " at " + Units.plain(replay.speed()) + "x")
                    + replay.window().map(w -> ", window " + w).orElse("")
                    + (replay.selection().keepShare() < 1 ? ", " + Units.plain(100 * replay.selection().keepShare())
                    + "% of the keys" : "") + (replay.hashKeys() ? ", keys hashed" : ""));
        }

        @Override
        public String keys(StagePlan stage) {
            return "as recorded";
        }
    }
}
