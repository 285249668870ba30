package io.s3workload.result;

import io.s3workload.workload.KindParts;
import io.s3workload.workload.StageKind;
import java.util.List;

/**
 * The kinds of {@link StageOutcome} a stage of one kind may find beyond its cells: a kind's part in the results,
 * which the table of kinds ({@link KindParts}) gives, so that {@link StageOutcomes} knows every kind of outcome
 * without naming one of a kind's own.
 */
@FunctionalInterface
public interface KindOutcomes {

    /** No outcome beyond the cells (and the convergence pairs every stage may have). */
    KindOutcomes NONE = List::of;

    List<StageOutcome.Type<?, ?>> types();

    /** The kinds of outcome of {@code kind}'s stages. */
    static KindOutcomes of(StageKind kind) {
        return KindParts.of(kind, KindOutcomes.class);
    }
}
