package io.s3workload.workload.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.s3workload.plan.Planner;
import io.s3workload.report.plan.PlanPrinter;
import io.s3workload.testing.QuickTier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Mutated workloads (a generated corpus: every shipped and every invalid workload, mutated byte by byte, line by
 * line and value by value, with a fixed seed so a failure repeats) go through loading, validation, planning and
 * the plan printer. Each must end as a valid plan or as a {@link WorkloadException} with located problems:
 * never another exception.
 */
@Tag(QuickTier.TAG)
class WorkloadFuzzTest {

    private static final int MUTANTS_PER_SEED = 300;
    private static final long SEED = 20261121L;
    private static final String[] JUNK = {":", "-", "- ", "{", "}", "[", "]", "\"", "'", "\t", "&a", "*a", "!!int",
        "|", ">", "#", "%", "@", "`", "${", "${X}", "${X:-", "}}", "\n  ", "\n- ", "?", ",", "0", "-1",
        "99999999999999999999", "1e400", "NaN", "0.0000001", "1EiB", "-5s", "ü", "\u0000", "\uFEFF", "~", "null",
        "true", "[]", "{}", "<<: *a", "kind: sweep", "kind: loops", "stages: []", "urls: x", "from: put"};

    static Stream<Path> corpus() throws Exception {
        return Stream.concat(Files.list(Path.of("..", "workloads")),
                Files.list(Path.of("src", "test", "resources", "invalid")))
                .filter(p -> p.toString().endsWith(".yaml")).sorted();
    }

    @Test
    void noMutatedWorkloadEndsInAnythingButAPlanOrLocatedProblems() throws Exception {
        SplittableRandom random = new SplittableRandom(SEED);
        List<String> failures = new ArrayList<>();
        int plans = 0;
        int rejected = 0;
        for (Path seed : corpus().toList()) {
            // a file that is not UTF-8 (the table's encoding case) is mutated as what a lenient reader makes of it
            String text = new String(Files.readAllBytes(seed), java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i < MUTANTS_PER_SEED; i++) {
                String mutant = mutate(text, random);
                try {
                    PlanPrinter.render(Planner.plan(new WorkloadLoader(Map.of("THREADS", "4"), List.of(),
                            Optional.empty(), Optional.empty()).parse("fuzz.yaml", mutant)));
                    plans++;
                } catch (WorkloadException e) {
                    rejected++;
                    if (e.problems().isEmpty() || e.problems().stream().anyMatch(p -> p.message().isBlank())) {
                        failures.add(seed.getFileName() + " #" + i + ": a rejection without a problem " + e.problems() + "\n--- mutant ---\n" + mutant);
                    }
                } catch (Throwable t) {
                    failures.add(seed.getFileName() + " #" + i + ": " + t + "\n--- mutant ---\n" + mutant);
                }
            }
        }
        assertEquals(List.of(), failures.stream().limit(3).toList(), failures.size() + " mutants escaped");
        assertFalse(plans == 0 || rejected == 0, "the corpus has both outcomes: " + plans + " plans, " + rejected
                + " rejections");
    }

    /** One to three mutations of a kind chosen at random. */
    static String mutate(String text, SplittableRandom random) {
        String out = text;
        int n = 1 + random.nextInt(3);
        for (int k = 0; k < n && !out.isEmpty(); k++) {
            int at = random.nextInt(out.length());
            out = switch (random.nextInt(8)) {
                case 0 -> out.substring(0, at) + out.substring(Math.min(out.length(), at + 1 + random.nextInt(8)));
                case 1 -> out.substring(0, at) + JUNK[random.nextInt(JUNK.length)] + out.substring(at);
                case 2 -> out.substring(0, at);
                case 3 -> swapLines(out, random);
                case 4 -> duplicateLine(out, random);
                case 5 -> out.replaceFirst("(?m):\\s*[^\\s{\\[#][^\\n]*$", java.util.regex.Matcher.quoteReplacement(": " + JUNK[random.nextInt(JUNK.length)]));
                case 6 -> out.substring(0, at) + "\n" + "  ".repeat(random.nextInt(6)) + out.substring(at);
                default -> out.substring(0, at) + (char) (32 + random.nextInt(95)) + out.substring(at + 1);
            };
        }
        return out;
    }

    private static String swapLines(String text, SplittableRandom random) {
        String[] lines = text.split("\n", -1);
        int a = random.nextInt(lines.length);
        int b = random.nextInt(lines.length);
        String t = lines[a];
        lines[a] = lines[b];
        lines[b] = t;
        return String.join("\n", lines);
    }

    private static String duplicateLine(String text, SplittableRandom random) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int a = random.nextInt(lines.size());
        lines.add(a, lines.get(a));
        return String.join("\n", lines);
    }
}
