package io.s3workload.kinds;

import io.s3workload.plan.StageShape;
import io.s3workload.report.console.StageText;
import io.s3workload.result.KindOutcomes;
import io.s3workload.run.StageRunner;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.yaml.StageBinder;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * A stage kind's parts, one for each room that asks ({@link Kinds}): its binder for the loader, its shape for the
 * planner, its runner for the engine, its text for the reporters, the kinds of outcome its stages find. Each is
 * given when the kind is made, so that a kind cannot leave one out.
 *
 * @param <S> the kind's stage record
 */
public record Kind<S extends StageSpec>(Class<S> record, StageBinder binder, StageShape shape,
                                        Supplier<StageRunner> runner, StageText text, KindOutcomes outcomes) {

    /** A kind whose shape is a function of its own record. */
    public Kind(Class<S> record, StageBinder binder, BiFunction<S, StageShape.Place, StageShape.Shape> shape,
                Supplier<StageRunner> runner, StageText text, KindOutcomes outcomes) {
        this(record, binder, typed(record, shape), runner, text, outcomes);
    }

    /** A kind of stage with no outcome beyond its cells (and the convergence pairs every stage may have). */
    public Kind(Class<S> record, StageBinder binder, BiFunction<S, StageShape.Place, StageShape.Shape> shape,
                Supplier<StageRunner> runner, StageText text) {
        this(record, binder, typed(record, shape), runner, text, KindOutcomes.NONE);
    }

    private static <S extends StageSpec> StageShape typed(Class<S> record,
                                                          BiFunction<S, StageShape.Place, StageShape.Shape> shape) {
        return (spec, at) -> shape.apply(record.cast(spec), at);
    }

    /** A composite kind: expanded into its members by the planner, which are what is run and shown. */
    static <S extends StageSpec> Kind<S> composite(Class<S> record, StageBinder binder) {
        StageShape expanded = (spec, at) -> {
            throw new IllegalStateException(spec.kind() + " stage '" + spec.name()
                    + "' is expanded into its members, never planned itself (composites do not nest)");
        };
        return new Kind<>(record, binder, expanded, () -> (stage, context) -> {
            throw new IllegalStateException(stage.kind() + " stages are expanded by the planner");
        }, StageText.LOAD, KindOutcomes.NONE);
    }

    /** Its part in {@code role}, or null if it has none in that role. */
    <T> T part(Class<T> role) {
        Object part = role == StageShape.class ? shape
                : role == StageRunner.class ? runner.get()
                : List.of(binder, text, outcomes).stream().filter(role::isInstance).findFirst().orElse(null);
        return role.cast(part);
    }
}
