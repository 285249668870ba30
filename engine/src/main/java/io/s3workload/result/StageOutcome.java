package io.s3workload.result;

import com.fasterxml.jackson.core.type.TypeReference;
import io.s3workload.metrics.CellStats;
import io.s3workload.workload.FailOn;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * What a stage found beyond its cells, as it ran — a capacity search, a probe's writer-reader pairs, a checked
 * history, a replay's fidelity — carrying all that the formats and the merge need, so that none of them names it:
 * its {@link Type} (its key in summary.json, its form there and back, how shards' add up), how it is shown (its
 * {@link Finding}), the histograms kept beside it in the run's HdrHistogram logs and the files it writes beside
 * summary.json. A new kind of result is a record that implements this and one line in {@link StageOutcomes}.
 */
public interface StageOutcome {

    /** What kind of outcome it is. */
    Type<?, ?> type();

    /** How it is shown, under stage {@code stage} whose cells are {@code cells}. */
    Finding finding(String stage, List<CellStats> cells);

    /** Histograms by tag, kept in {@code hdr/<stage>.<key>.hlog} and handed back to {@link Type#read}. */
    default Map<String, Histogram> histograms() {
        return Map.of();
    }

    /** Files it writes beside summary.json, text by name ({@code --report json}). */
    default Map<String, String> files(String stage) {
        return Map.of();
    }

    /**
     * What cell {@code cell} of stage {@code stage} was in it, where a reader needs it said beside the cell (a
     * capacity search's step: {@code step 3, 75.0/s offered, client-bound}); empty where it says nothing of cells.
     */
    default Optional<String> cellLabel(String stage, CellStats cell) {
        return Optional.empty();
    }

    /** Whether it labels its stage's cells ({@link #cellLabel}): a table of them then has a column for it. */
    default boolean labelsCells() {
        return false;
    }

    /** The thresholds of {@code failOn} it crosses, as breaches of stage {@code stage}'s. */
    default List<Breach> breaches(String stage, FailOn failOn) {
        return List.of();
    }

    /** The stage name that cell {@code i} of its stage was recorded under, where it is not the stage's own. */
    default Optional<String> cellStage(String stage, int i) {
        return Optional.empty();
    }

    /**
     * A kind of outcome: its key in summary.json's stage, its form there ({@code S}, written by {@code write} from
     * the outcome and its stage's cells, read back by {@code read} with its histograms: empty where the form holds
     * nothing), how several shards' add up, and what summary.json holds where a stage has none ({@code absent},
     * null: nothing; kept so a previous version's reader finds the key it always read).
     */
    record Type<T extends StageOutcome, S>(String key, Class<T> outcomes, TypeReference<S> form,
                                          BiFunction<T, List<CellStats>, S> write,
                                          BiFunction<S, Map<String, Histogram>, Optional<T>> read,
                                          Function<List<T>, T> sum, S absent) {

        /** {@code outcome}'s form in summary.json. */
        public S written(StageOutcome outcome, List<CellStats> cells) {
            return write.apply(outcomes.cast(outcome), cells);
        }

        /** The shards' outcomes of this kind as one. */
        public T summed(List<StageOutcome> shards) {
            return sum.apply(shards.stream().map(outcomes::cast).toList());
        }
    }
}
