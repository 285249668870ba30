package io.s3workload.result;

import java.util.List;
import java.util.Optional;

/**
 * What a stage found beyond its cells — a capacity search's answer, a probe's convergence — described once: its
 * tables (title, columns with units, rows) and its charts (series). The console, the CSV files, summary.json's
 * tables, the HTML report and {@code compare} (its {@link #answers}) render every finding from this description and know no kind of finding by name, so a
 * new kind of result costs its record and its description (see docs/developing.md).
 */
public interface Finding {

    /** Its tables, in the order shown. */
    List<ResultTable> tables();

    /** Its charts, drawn in the HTML report after its tables. */
    List<ResultChart> charts();

    /** Its timelines (operations as bars, a lane per process), drawn in the HTML report after its charts. */
    default List<ResultTimeline> timelines() {
        return List.of();
    }

    /** Its answer in a few figures, for {@code compare} (empty: nothing to put beside another run's). */
    default Optional<ResultAnswers> answers() {
        return Optional.empty();
    }
}
