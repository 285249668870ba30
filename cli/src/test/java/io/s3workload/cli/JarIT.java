package io.s3workload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.server.EmbeddedS3;
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
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

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
        return jarWithJvmOptions(List.of(), args);
    }

    static Result jarWithJvmOptions(List<String> jvmOptions, String... args) throws IOException,
            InterruptedException {
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", JAR.toString()));
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
    void objectsMuchLargerThanTheHeapStreamThrough(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path workload = dir.resolve("big.yaml");
        Files.writeString(workload, """
                bucket: big
                stages:
                  - {name: put, kind: put, sizes: [768MiB], objects: 1}
                  - {name: get, kind: get, from: put}
                """);
        Result r = jarWithJvmOptions(List.of("-Xmx96m"), "run", workload.toString(), "--no-progress",
                "--embedded-backend", "fs");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("PUT 768 MiB  (1 ops in"), r.output());
        assertTrue(r.output().contains("GET 768 MiB  (1 ops in"), r.output());
        assertTrue(r.output().contains("1 success, 0 errors"), r.output());
    }

    @Test
    void ctrlCStopsTheRunAndCleansUpWhatItWrote(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        try (EmbeddedS3 server = EmbeddedS3.start(EmbeddedS3.Backend.MEMORY, "ak-int", "sk-int");
             S3Client client = S3Client.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                     .forcePathStyle(true).credentialsProvider(StaticCredentialsProvider.create(
                             AwsBasicCredentials.create("ak-int", "sk-int"))).build()) {
            client.createBucket(b -> b.bucket("interrupted"));
            client.putObject(b -> b.bucket("interrupted").key("decoy"), RequestBody.fromString("keep me"));
            Path workload = dir.resolve("long.yaml");
            Files.writeString(workload, """
                    endpoints:
                      s3: {url: "%s", credentials: {accessKey: ak-int, secretKey: sk-int}}
                    bucket: interrupted
                    stages:
                      - {name: put, kind: put, sizes: [4KiB], duration: 5m, concurrency: 4}
                    """.formatted(server.endpoint()));
            Process process = new ProcessBuilder(JAVA, "-jar", JAR.toString(), "run", workload.toString())
                    .redirectErrorStream(true).start();
            java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(
                    process.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder output = new StringBuilder();
            String line;
            int progressLines = 0;
            while (progressLines < 2 && (line = lines.readLine()) != null) {
                output.append(line).append('\n');
                if (line.contains("PUT 4 KiB") && line.contains("/300.0s")) {
                    progressLines++;
                }
            }
            assertEquals(2, progressLines, output.toString());
            assertTrue(!client.listObjectsV2(b -> b.bucket("interrupted").prefix("s3workload/")).contents().isEmpty(),
                    "the run has written objects before the interrupt");
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
            output.append(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "exits soon after Ctrl-C");
            assertEquals(130, process.exitValue(), output.toString());
            assertTrue(output.toString().matches("(?s).*Cleanup: removed [1-9]\\d* objects under s3workload/.*"),
                    output.toString());
            assertTrue(output.toString().contains("Interrupted"), output.toString());
            assertEquals(List.of("decoy"), client.listObjectsV2(b -> b.bucket("interrupted")).contents().stream()
                    .map(o -> o.key()).toList(), "only the object the run did not write is left");
        }
    }

    @Test
    void theLargeObjectsWorkloadRunsScaledDown() throws Exception {
        Result r = jar("run", "workloads/large-objects.yaml", "--no-progress",
                "--set", "stages.put.objects=4", "--set", "stages.put.operations=8",
                "--set", "stages.put-100mib.sizes=12MiB", "--set", "stages.put-100mib.objects=2",
                "--set", "stages.put-100mib.operations=2", "--set", "stages.put-100mib.multipart.threshold=8MiB",
                "--set", "stages.put-100mib.multipart.partSize=5MiB", "--set", "stages.get.operations=8",
                "--set", "stages.get-100mib.operations=2", "--set", "stages.get-100mib.parallelRanges.threshold=8MiB",
                "--set", "stages.get-100mib.parallelRanges.chunk=5MiB", "--set", "stages.range-read.sources.count=2",
                "--set", "stages.range-read.sources.size=20MiB", "--set", "stages.range-read.chunk=4MiB",
                "--set", "stages.range-read.duration=2s", "--set", "defaults.concurrency=4");
        assertEquals(0, r.exitCode(), r.output());
        for (String expected : new String[] {"PUT 12 MiB  (2 ops in", "GET 12 MiB  (2 ops in", "RANGE GET 4 MiB  (",
            "sources: 0 reused, 2 uploaded", "Thresholds: all held."}) {
            assertTrue(r.output().contains(expected), "missing '" + expected + "' in\n" + r.output());
        }
        assertTrue(!r.output().contains("data mismatch"), r.output());
    }

    @Test
    void theConsistencyWorkloadRunsOnTheEmbeddedServer() throws Exception {
        Result r = jar("run", "workloads/consistency.yaml", "--embedded", "--no-progress",
                "--set", "stages.read-after-write.iterations=5", "--set", "stages.list-after-write.iterations=2");
        assertEquals(0, r.exitCode(), r.output());
        for (String expected : new String[] {"Testing endpoint sjc: http://127.0.0.1:",
            "S3 Connectivity: SUCCESS - 3/3 attempts, Min: ", "PUT|GET (Read-After-Write Consistency) (5 iterations",
            "global -> iad (5 iterations, cross endpoint)", "Convergence  - Avg: ",
            "Distribution - Immediate: 100.0%, Eventual: 0.0%, Timeout: 0.0%",
            "SUCCESS - List-After-Write Consistency test completed", "read-after-write  global -> global  same",
            "Thresholds: all held.", "Cleanup: removed 25 objects under consistency/"}) {
            assertTrue(r.output().contains(expected), "missing '" + expected + "' in\n" + r.output());
        }
    }

    @Test
    void theMixedWorkloadRunsScaledDown() throws Exception {
        Result r = jar("run", "workloads/mixed.yaml", "--no-progress", "--set", "stages.mixed.duration=2s",
                "--set", "stages.mixed-200-per-second.duration=2s", "--set", "stages.mixed.objects=40",
                "--set", "stages.mixed-200-per-second.objects=40");
        assertEquals(0, r.exitCode(), r.output());
        for (String expected : new String[] {"mixed - mix, 16 workers", "GET 1 MiB  (", "HEAD 1 MiB  (",
            "DELETE 1 MiB  (", "MIX 1 MiB  (", "200.0/s open loop, 16 workers", "Uncorrected- Avg: ",
            "operations started more than 10 ms late", "Thresholds: all held."}) {
            assertTrue(r.output().contains(expected), "missing '" + expected + "' in\n" + r.output());
        }
    }

    @Test
    void connectivityReportsADeadEndpointBeforeTheRunStopsWithExitCode3() throws Exception {
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port;
        Result r = exec(List.of(JAVA, "-jar", JAR.toString(), "run", "workloads/consistency.yaml", "--no-progress"),
                "GLOBAL_ENDPOINT", url, "IAD_ENDPOINT", url, "ORD_ENDPOINT", url, "SJC_ENDPOINT", url,
                "AWS_ACCESS_KEY_ID", "test", "AWS_SECRET_ACCESS_KEY", "test");
        assertEquals(3, r.exitCode(), r.output());
        assertTrue(r.output().contains("S3 Connectivity: FAILURE - 0/3 attempts\n    connection refused (3x): "
                + "endpoint 'global' (" + url + ") is unreachable"), r.output());
        assertTrue(r.output().indexOf("S3 Connectivity: FAILURE") < r.output().lastIndexOf("is unreachable"),
                "the connectivity report comes before the error that ends the run");
        assertTrue(!r.output().contains("\tat "), r.output());
    }

    @Test
    void fileReportsGoWhereOutSays(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Result r = jar("run", "workloads/quickstart.yaml", "--no-progress", "--report", "console,csv,json,hdr",
                "--out", out.toString(), "--set", "stages.put.operations=20", "--set", "stages.get.duration=1s");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("Reports: " + out.toAbsolutePath()), r.output());
        for (String file : new String[] {"summary.csv", "timeseries.csv", "summary.json"}) {
            assertTrue(Files.size(out.resolve(file)) > 0, file);
        }
        String csv = Files.readString(out.resolve("summary.csv"));
        Files.delete(out.resolve("summary.csv"));
        Result rebuilt = jar("report", out.toString());
        assertEquals(0, rebuilt.exitCode(), rebuilt.output());
        assertTrue(rebuilt.output().contains("wrote " + out.resolve("report.html")), rebuilt.output());
        assertEquals(csv, Files.readString(out.resolve("summary.csv")), "report rebuilds the run's csv");
        Result nothing = jar("report", dir.resolve("nowhere").toString());
        assertEquals(2, nothing.exitCode(), nothing.output());
        assertTrue(nothing.output().startsWith("error: ") && nothing.output().contains("summary.json does not exist"),
                nothing.output());
        Result typo = jar("run", "workloads/quickstart.yaml", "--report", "console,cvs");
        assertEquals(2, typo.exitCode(), typo.output());
        assertTrue(typo.output().contains("error: --report: unknown report 'cvs' (did you mean 'csv'?); expected one"
                + " or more of console, csv, json"), typo.output());
    }

    @Test
    void prometheusScrapesTheShadedJarWhileItRuns() throws Exception {
        Process process = new ProcessBuilder(JAVA, "-jar", JAR.toString(), "run", "workloads/quickstart.yaml",
                "--no-progress", "--prometheus-port", "0", "--prometheus-host", "127.0.0.1", "--set",
                "stages.get.duration=4s").directory(ROOT.toFile()).redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        String metrics = "";
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String url = null;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                output.append(line).append('\n');
                if (line.startsWith("Prometheus: serving ")) {
                    url = line.split(" ")[2];
                }
                if (url != null && line.startsWith("[2/3] get")) {
                    try (var client = java.net.http.HttpClient.newHttpClient()) {
                        metrics = client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
                                java.net.http.HttpResponse.BodyHandlers.ofString()).body();
                    }
                }
            }
        }
        assertTrue(process.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output.toString());
        assertTrue(metrics.contains("s3workload_operations_total{endpoint=\"embedded\",op=\"PUT\""), metrics
                + "\n" + output);
        assertTrue(metrics.contains("s3workload_request_latency_seconds_bucket{"), metrics);
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
    void theLauncherSaysWhatToInstallWhenNoJdk21Exists(@org.junit.jupiter.api.io.TempDir Path bin) throws Exception {
        for (String tool : new String[] {"dirname", "sed", "head", "readlink", "cat", "find", "mktemp", "rm"}) {
            Files.createSymbolicLink(bin.resolve(tool), Path.of("/usr/bin", tool));
        }
        Result r = exec(List.of("/bin/bash", ROOT.resolve("s3workload").toString(), "--version"),
                "JAVA_HOME", "", "PATH", bin.toString(), "S3WORKLOAD_JDK_SEARCH", "/nonexistent/*/");
        assertEquals(2, r.exitCode(), r.output());
        assertTrue(r.output().contains("s3workload needs a JDK 21 or newer"), r.output());
        assertTrue(r.output().contains("apt-get install openjdk-21-jdk"), r.output());
    }

    @Test
    void theLauncherFindsAJdk21EvenWhenJavaHomeIsOlder() throws Exception {
        Result r = exec(List.of("bash", ROOT.resolve("s3workload").toString(), "--version"),
                "JAVA_HOME", "/usr/lib/jvm/java-17-openjdk-amd64");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().startsWith("s3workload "), r.output());
    }
}
