package io.s3workload.kinds.versions;

import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.StageText;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: versions}: versions of each key written in a bucket that keeps them, listed, read back and deleted by
 * their ids. Its parts: its plan (the writes: objects times versions), its runner ({@link VersionsRunner}).
 */
public final class VersionsKind {

    public static final Kind<VersionsStage> KIND = new Kind<>(VersionsStage.class, new VersionsStageBinder(),
            VersionsKind::shape, VersionsRunner::new, StageText.LOAD);

    private VersionsKind() {
    }

    /** Its writes: {@code versions} of each of its objects. */
    static Shape shape(VersionsStage versions, Place at) {
        return Shape.one(new CellPlan(versions.size(), OptionalLong.of(versions.objects() * versions.versions()),
                OptionalLong.of(versions.objects()), Optional.empty()));
    }
}
