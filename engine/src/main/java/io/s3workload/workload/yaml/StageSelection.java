package io.s3workload.workload.yaml;

import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code --only} and {@code --skip}: which of the workload's stages run, chosen by stage name or tag (the
 * t3-validator's {@code -tests connectivity,consistency}). A stage runs if {@code --only} is empty or names it or
 * one of its tags, and {@code --skip} names neither.
 */
final class StageSelection {

    private StageSelection() {
    }

    static Workload apply(Workload workload, List<String> only, List<String> skip, List<Problem> problems) {
        if (only.isEmpty() && skip.isEmpty()) {
            return workload;
        }
        Set<String> known = new LinkedHashSet<>();
        Set<String> tags = new LinkedHashSet<>();
        for (StageSpec stage : workload.stages()) {
            known.add(stage.name());
            tags.addAll(stage.common().tags());
        }
        known.addAll(tags);
        check("--only", only, known, tags, workload, problems);
        check("--skip", skip, known, tags, workload, problems);
        List<StageSpec> selected = workload.stages().stream()
                .filter(s -> only.isEmpty() || matches(s, only))
                .filter(s -> !matches(s, skip))
                .toList();
        Set<String> selectedNames = new LinkedHashSet<>();
        selected.forEach(s -> selectedNames.add(s.name()));
        List<StageSpec> kept = selected.stream().map(s -> s.readsFrom().filter(f -> !selectedNames.contains(f)).map(f ->
                s.withoutSource()).orElse(s)).toList();
        if (kept.isEmpty() && problems.isEmpty()) {
            problems.add(new Problem(Location.of("--only/--skip"), "", "no stage is left to run"));
        }
        Set<String> names = new LinkedHashSet<>();
        kept.forEach(s -> names.add(s.name()));
        for (StageSpec stage : kept) {
            stage.common().graph().with().filter(t -> !names.contains(t)).ifPresent(t -> problems.add(new Problem(
                    Location.of(only.isEmpty() ? "--skip" : "--only"), "", "stage '" + stage.name() + "' runs with"
                    + " stage '" + t + "', which is left out; select '" + t + "' too")));
            from(stage).filter(f -> !names.contains(f)).ifPresent(f -> problems.add(new Problem(
                    Location.of(only.isEmpty() ? "--skip" : "--only"), "", "stage '" + stage.name()
                    + "' reads the objects of stage '" + f + "', which is left out; select '" + f + "' too")));
        }
        return workload.withStages(kept);
    }

    private static void check(String option, List<String> words, Set<String> known, Set<String> tags,
                              Workload workload, List<Problem> problems) {
        for (String word : words) {
            if (!known.contains(word)) {
                problems.add(new Problem(Location.of(option + " " + word), "", "no stage or tag named '" + word + "'"
                        + Suggestions.didYouMean(word, known) + "; stages: " + String.join(", ",
                        workload.stageNames()) + (tags.isEmpty() ? "" : "; tags: " + String.join(", ", tags))));
            }
        }
    }

    private static boolean matches(StageSpec stage, List<String> words) {
        return words.contains(stage.name()) || stage.common().tags().stream().anyMatch(words::contains);
    }

    /** The stage whose objects {@code stage} reads, if any. */
    static Optional<String> from(StageSpec stage) {
        return stage.readsFrom();
    }

    static List<String> split(List<String> values) {
        List<String> out = new ArrayList<>();
        values.forEach(v -> Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .forEach(out::add));
        return out;
    }
}
