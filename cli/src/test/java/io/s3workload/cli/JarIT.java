package io.s3workload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** End to end: the shaded jar as users run it (java -jar, its own JVM), and the launcher script. */
class JarIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path JAR = ROOT.resolve("cli/target/s3workload.jar");
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    record Result(int exitCode, String output) {
    }

    static Result exec(List<String> command, String... env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
        for (int i = 0; i + 1 < env.length; i += 2) {
            builder.environment().put(env[i], env[i + 1]);
        }
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "finished in time");
        return new Result(process.exitValue(), output);
    }

    static Result jar(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(JAVA, "-jar", JAR.toString()));
        command.addAll(List.of(args));
        return exec(command);
    }

    @Test
    void quickstartRunsOnTheEmbeddedServerAndPrintsTheReport() throws Exception {
        long start = System.nanoTime();
        Result r = jar("run", "workloads/quickstart.yaml");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(seconds < 30, "quickstart took " + seconds + " s");
        for (String expected : new String[] {"endpoint  embedded  http://127.0.0.1:", "[1/3] put - put, 8 workers",
            "PUT 1 MiB  (200 ops in", "Latency    - Avg: ", "TTFB       - Avg: ", " Gbps | ", " MiB/s | ",
            " ops/s | 200 success, 0 errors", " deletes/s | 50 success, 0 errors", "SUMMARY", "Thresholds: all held.",
            "Cleanup: removed 0 objects under quickstart/"}) {
            assertTrue(r.output().contains(expected), "missing '" + expected + "' in\n" + r.output());
        }
        assertTrue(!r.output().contains("\r") && !r.output().contains("\033"), "plain lines when not a terminal");
        assertTrue(!r.output().contains("WARNING") && !r.output().contains("DEBUG"), r.output());
    }

    static Stream<Path> workloads() throws IOException {
        return Files.list(ROOT.resolve("workloads")).filter(p -> p.toString().endsWith(".yaml")).sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void everyShippedWorkloadValidatesAndPlans(Path workload) throws Exception {
        Result validate = jar("validate", workload.toString());
        assertEquals(0, validate.exitCode(), validate.output());
        Result plan = jar("plan", workload.toString());
        assertEquals(0, plan.exitCode(), plan.output());
    }

    @Test
    void badInputExitsWith2WithoutAStackTrace() throws Exception {
        Result r = jar("run", "engine/src/test/resources/invalid/03-unknown-stage-kind.yaml");
        assertEquals(2, r.exitCode(), r.output());
        assertTrue(r.output().contains("03-unknown-stage-kind.yaml:4:11: stages[0].kind: unknown stage kind"),
                r.output());
        assertTrue(!r.output().contains("\tat "), r.output());
    }

    @Test
    void theLauncherFindsAJdk21EvenWhenJavaHomeIsOlder() throws Exception {
        Result r = exec(List.of("bash", ROOT.resolve("s3workload").toString(), "--version"),
                "JAVA_HOME", "/usr/lib/jvm/java-17-openjdk-amd64");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().startsWith("s3workload "), r.output());
    }
}
