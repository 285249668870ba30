package io.s3workload.report.console;

import io.s3workload.ground.Units;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.Plan;
import io.s3workload.result.Breach;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The console's sections ({@code sections:} in the workload, by stage tag): a banner before the first stage of each,
 * and the closing TEST SUMMARY block with a verdict per section, as the t3-validator prints them.
 */
public final class Sections {

    static final String BANNER_RULE = "#".repeat(RunSummary.RULE.length());

    private Sections() {
    }

    /** The banner over a section's stages; {@code again}: the section resumes after another one's stages. */
    static String banner(String title, boolean again) {
        return "\n" + BANNER_RULE + "\n  " + title + (again ? " (continued)" : "") + "\n" + BANNER_RULE + "\n";
    }

    /**
     * {@code TEST SUMMARY}: per section that had stages in the run, PASSED when every stage ran to its end with no
     * failed operation, no probe iteration that timed out or could not write, and no threshold crossed; FAILED with
     * what went wrong first; INCOMPLETE when a stage was cut short or never started. Empty without sections.
     */
    public static String summary(RunResult result) {
        Plan plan = result.info().plan();
        if (plan.sections().isEmpty()) {
            return "";
        }
        Table table = new Table(List.of("section", "verdict", "why"), false, false, false);
        for (String title : plan.sections().values()) {
            List<StageResult> stages = result.stages().stream()
                    .filter(s -> plan.sectionOf(s.stage()).filter(title::equals).isPresent()).toList();
            if (!stages.isEmpty()) {
                List<String> why = failures(stages, result.breaches());
                boolean incomplete = stages.stream().anyMatch(s -> s.interrupted() || s.skipped().isPresent());
                table.add(List.of(title, !why.isEmpty() ? "FAILED" : incomplete ? "INCOMPLETE" : "PASSED",
                        !why.isEmpty() ? String.join("; ", why) : incomplete ? incompleteStages(stages) : ""));
            }
        }
        return "\n" + RunSummary.RULE + "\nTEST SUMMARY\n" + RunSummary.RULE + "\n" + table.render(" ");
    }

    /** What failed in a section's stages, stage by stage: errors, timeouts, failed writes, thresholds crossed. */
    private static List<String> failures(List<StageResult> stages, List<Breach> breaches) {
        List<String> why = new ArrayList<>();
        for (StageResult stage : stages) {
            String name = stage.stage().name();
            long attempts = stage.cells().stream().mapToLong(c -> c.operations() + c.errors()).sum();
            if (stage.errors() > 0) {
                why.add(name + ": " + stage.errors() + " of " + Units.count(attempts, "operation") + " failed");
            }
            long iterations = ConvergencePairs.in(stage).stream().mapToLong(ConvergenceStats::iterations).sum();
            long timedOut = ConvergencePairs.in(stage).stream().mapToLong(ConvergenceStats::timedOut).sum();
            if (timedOut > 0) {
                why.add(name + ": " + timedOut + " of " + Units.count(iterations, "iteration") + " timed out");
            }
            long crossed = breaches.stream().filter(b -> b.stage().equals(name)).count();
            if (crossed > 0) {
                why.add(name + ": " + crossed + (crossed == 1 ? " threshold" : " thresholds") + " crossed");
            }
        }
        return why;
    }

    private static String incompleteStages(List<StageResult> stages) {
        List<String> names = new ArrayList<>();
        stages.stream().filter(s -> s.interrupted() || s.skipped().isPresent())
                .forEach(s -> names.add(s.stage().name() + (s.skipped().isPresent() ? " never started" : " cut short")));
        return String.join("; ", names);
    }
}
