package io.s3workload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.Units;
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
import org.junit.jupiter.params.provider.ValueSource;
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
        try (ChildProcess process = ChildProcess.start(builder)) {
            int code = process.exitCode();
            return new Result(code, process.output());
        }
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
        // a bound that tells a run that hangs or does not end from a slow one (about 11 s here, 18 s when busy)
        assertTrue(seconds < 300, "quickstart took " + seconds + " s");
        for (String expected : new String[] {"endpoint  embedded  http://127.0.0.1:", "[1/3] put - put, 8 workers",
            "PUT 1 MiB  (200 attempts in", "Latency    - Avg: ", "TTFB       - Avg: ", " Gbps | ", " MiB/s | ",
            " ops/s | 200 ok, 0 errors", " deletes/s | 50 ok, 0 errors", "SUMMARY", "Thresholds: all held.",
            "Cleanup: removed 0 objects under quickstart/", "(embedded: in this process, so CPU figures are client + server)",
            "s client + embedded server CPU, "}) {
            assertTrue(r.output().contains(expected), "missing '" + expected + "' in\n" + r.output());
        }
        assertTrue(!r.output().contains("\r") && !r.output().contains("\033"), "plain lines when not a terminal");
        int cpus = Runtime.getRuntime().availableProcessors();
        r.output().lines().filter(l -> l.contains(" cores busy")).forEach(l -> {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9.]+) of (\\d+) cores busy").matcher(l);
            assertTrue(m.find(), l);
            assertTrue(Double.parseDouble(m.group(1)) <= Integer.parseInt(m.group(2)) && Integer.parseInt(m.group(2))
                    == cpus, "cores busy are bounded by the CPUs the process may use: " + l);
        });
        assertTrue(!r.output().contains("WARNING") && !r.output().contains("DEBUG"), r.output());
    }

    @ParameterizedTest(name = "client {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"http", "sync", "crt"})
    void everyClientWorksFromTheSlimJar(String client, @org.junit.jupiter.api.io.TempDir Path out) throws Exception {
        Result r = jar("run", "workloads/quickstart.yaml", "--no-progress", "--report", "console,json", "--out",
                out.toString(), "--set", "defaults.client=" + client, "--set", "stages.put.operations=20", "--set",
                "stages.get.duration=1s");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("PUT 1 MiB  (20 attempts in") && r.output().contains(" | 20 ok, 0 errors"),
                r.output());
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"kind\" : \"" + client + "\""),
                "the settings say which client ran");
        assertTrue(!r.output().contains("\tat ") && !r.output().contains("WARNING"), r.output());
    }

    /**
     * {@code analyze} from the jar over a small file in warp's documented per-operation layout (--full: tab-separated,
     * RFC 3339 times, a comment at the end): its table, the slice written as results with --out, and a foreign file
     * refused in one line with exit code 2.
     */
    @Test
    void analyzeReadsWarpsFileAndWritesTheSliceAsResults(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        StringBuilder warp = new StringBuilder("idx\tthread\top\tclient_id\tn_objects\tbytes\tendpoint\tfile\terror"
                + "\tstart\tfirst_byte\tlast_byte\tend\tduration_ns\tcat\n");
        for (int i = 0; i < 6; i++) {
            String start = "2026-11-26T12:00:0" + i + ".000000000Z";
            String end = "2026-11-26T12:00:0" + i + ".00" + (i + 1) + "500000Z";
            warp.append(String.join("\t", Integer.toString(i), Integer.toString(i % 2), i < 4 ? "GET" : "PUT", "c1",
                    "1", "4096", "127.0.0.1:9000", "warp-bench/obj" + i, i == 3 ? "connection reset" : "", start,
                    i < 4 ? "2026-11-26T12:00:0" + i + ".000500000Z" : "", end, end,
                    Long.toString((i + 1) * 1_000_000L + 500_000), "0")).append('\n');
        }
        warp.append("# warp run: get, 2 threads\n");
        Path file = dir.resolve("warp-get.csv");
        Files.writeString(file, warp);
        Path out = dir.resolve("sliced");
        Result r = jar("analyze", file.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().lines().anyMatch(l -> l.matches("warp\\s+GET\\s+127\\.0\\.0\\.1:9000\\s+-\\s+3\\s+1\\s.*")),
                r.output());
        var summary = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals("warp", summary.at("/tool/name").asText(), summary.toString());
        var cells = summary.at("/stages/0/cells");
        assertEquals("GET", cells.get(0).get("op").asText());
        assertEquals(3, cells.get(0).get("operations").asLong());
        assertEquals(1, cells.get(0).get("errors").asLong());
        assertEquals(8192, cells.get(1).get("bytes").asLong(), "the PUTs' bytes");
        assertTrue(Files.isRegularFile(out.resolve("report.html")) && Files.isRegularFile(out.resolve("summary.csv")));

        Path foreign = dir.resolve("notes.txt");
        Files.writeString(foreign, "not,a,log\n1,2,3\n");
        Result refused = jar("analyze", foreign.toString());
        assertEquals(2, refused.exitCode(), refused.output());
        assertEquals(1, refused.output().strip().lines().count(), refused.output());
        assertTrue(refused.output().startsWith("error: " + foreign + ": not an ops log"), refused.output());
    }

    @Test
    void aServerOnABusyPortExitsWith3AndSaysSo() throws Exception {
        try (java.net.ServerSocket busy = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            Result r = jar("server", "--port", Integer.toString(busy.getLocalPort()));
            assertEquals(3, r.exitCode(), r.output());
            assertTrue(r.output().contains("error: port " + busy.getLocalPort() + " on 127.0.0.1 is in use")
                    && !r.output().contains("internal error"), r.output());
        }
    }

    /**
     * Host names resolved from a hosts file of our own (-Djdk.net.hosts.file: no DNS query leaves the machine, so
     * client: crt, whose resolver is the system's, is not tried): the failed lookup names the host looked up, with
     * virtual-host addressing the bucket's.
     */
    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync"})
    void aFailedLookupNamesTheHostLookedUpAndTheBucketsWithVirtualHosts(String client,
            @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(dir.resolve("hosts"), "127.0.0.1 s3.test\n");
        String workload = """
                bucket: bench
                endpoints:
                  s3: {url: "http://%s:9", pathStyle: %s, credentials: {accessKey: a, secretKey: b}}
                stages:
                  - {name: put, kind: put, objects: 1, size: 1KiB, client: %s}
                """;
        List<String> jvm = List.of("-Djdk.net.hosts.file=" + hosts);
        Path virtual = Files.writeString(dir.resolve("virtual.yaml"), workload.formatted("s3.test", false, client));
        Result r = jarWithJvmOptions(jvm, "run", virtual.toString(), "--no-progress");
        assertEquals(3, r.exitCode(), r.output());
        assertTrue(r.output().contains("error: endpoint 's3' (http://s3.test:9) is unreachable: DNS lookup failed for"
                + " bench.s3.test, the bucket's host name: with virtual-host addressing (pathStyle: false) each bucket"
                + " is a host of its own, which DNS must resolve too (a wildcard record for *.s3.test). Or set"
                + " pathStyle: true on the endpoint"), r.output());
        Path unknown = Files.writeString(dir.resolve("unknown.yaml"), workload.formatted("nohost.test", true, client));
        r = jarWithJvmOptions(jvm, "run", unknown.toString(), "--no-progress");
        assertEquals(3, r.exitCode(), r.output());
        assertTrue(r.output().contains("error: endpoint 's3' (http://nohost.test:9) is unreachable: DNS lookup failed"
                + " for nohost.test. Is the host name right"), r.output());
        assertTrue(!r.output().contains("\tat "), r.output());
    }

    @Test
    void anInsecureEndpointIsWarnedAboutOnEveryRun(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        int port;
        try (java.net.ServerSocket closed = new java.net.ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        Path workload = Files.writeString(dir.resolve("w.yaml"), """
                name: insecure
                bucket: bench
                endpoints:
                  s3: {url: "https://127.0.0.1:%d", tls: {insecure: true}, credentials: {accessKey: a, secretKey: b}}
                stages:
                  - {name: put, kind: put, objects: 1, size: 1KiB}
                """.formatted(port));
        Result r = jar("run", workload.toString(), "--no-progress");
        assertEquals(3, r.exitCode(), r.output());
        assertTrue(r.output().contains("warning: endpoint 's3' (https://127.0.0.1:" + port + "): tls.insecure: the"
                + " server's certificate is not verified"), r.output());
        Result plan = jar("plan", workload.toString());
        assertTrue(plan.output().contains("TLS NOT VERIFIED (tls.insecure)"), "the plan says it too:\n" + plan.output());
    }

    @Test
    void bashCompletesCommandsAndOptionsFromTheGeneratedScript(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Result script = jar("completion", "bash");
        assertEquals(0, script.exitCode(), script.output());
        Path file = Files.writeString(dir.resolve("s3workload.bash"), script.output());
        Result completed = exec(List.of("bash", "-c", "source " + file + " 2>/dev/null;"
                + " complete() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE};"
                + " _complete_s3workload 2>/dev/null; echo \"${COMPREPLY[*]}\"; };"
                + " complete s3workload ru; complete s3workload run --emb; complete s3workload compl"));
        assertEquals("run\n--embedded --embedded-backend\ncompletion\n", completed.output());
        Result fish = jar("completion", "fish");
        assertEquals(2, fish.exitCode(), fish.output());
        assertTrue(fish.output().contains("SHELL: expected bash or zsh, got 'fish'"), fish.output());
    }

    @Test
    void aCrtClientWithoutItsNativeLibraryIsAClearError() throws Exception {
        Result r = jarWithJvmOptions(List.of("-Daws.crt.libc=musl"), "run", "workloads/quickstart.yaml",
                "--no-progress", "--set", "defaults.client=crt");
        assertEquals(2, r.exitCode(), r.output());
        assertTrue(r.output().contains("error: client: crt needs the AWS CRT's native library for this platform"
                + " (linux/x86_64/musl/libaws-crt-jni.so)") && r.output().contains("-Pall-platforms"), r.output());
        assertTrue(!r.output().contains("\tat "), r.output());
    }

    @Test
    void aMissingProfileNamesTheProfileAndTheFilesRead(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path credentials = Files.writeString(dir.resolve("credentials"), "[dev]\naws_access_key_id = a\n"
                + "aws_secret_access_key = b\n");
        Path workload = Files.writeString(dir.resolve("w.yaml"), """
                name: profile
                bucket: bench
                endpoints:
                  s3: {url: "http://127.0.0.1:9", credentials: {profile: prod}}
                stages:
                  - {name: put, kind: put, objects: 1, size: 1KiB}
                """);
        List<String> command = List.of(JAVA, "-jar", JAR.toString(), "run", workload.toString(), "--no-progress");
        Result r = exec(command, "AWS_SHARED_CREDENTIALS_FILE", credentials.toString(), "AWS_CONFIG_FILE",
                dir.resolve("config").toString());
        assertEquals(2, r.exitCode(), r.output());
        assertTrue(r.output().contains("error: endpoint 's3': credentials profile 'prod' was not found in "
                + credentials + " or " + dir.resolve("config") + " (missing)") && r.output().contains(
                "profiles there: dev"), r.output());
    }

    static Stream<Path> workloads() throws IOException {
        return Files.list(ROOT.resolve("workloads")).filter(p -> p.toString().endsWith(".yaml")).sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void everyShippedWorkloadValidatesAndPlans(Path workload) throws Exception {
        String[] endpoints = {"GLOBAL_ENDPOINT", "http://127.0.0.1:9000", "REGIONAL_ENDPOINTS",
            "http://127.0.0.1:9001,http://127.0.0.1:9002", "DIRECT_ENDPOINT", "http://127.0.0.1:9000",
            "PROXY_ENDPOINT", "http://127.0.0.1:8080"};
        Result validate = exec(List.of(JAVA, "-jar", JAR.toString(), "validate", workload.toString()), endpoints);
        assertEquals(0, validate.exitCode(), validate.output());
        Result plan = exec(List.of(JAVA, "-jar", JAR.toString(), "plan", workload.toString()), endpoints);
        assertEquals(0, plan.exitCode(), plan.output());
        // No shipped workload falls back to someone's service: without the variables it names what is missing.
        List<String> unset = List.of("env", "-u", "GLOBAL_ENDPOINT", "-u", "REGIONAL_ENDPOINTS", "-u",
                "DIRECT_ENDPOINT", "-u", "PROXY_ENDPOINT", JAVA, "-jar", JAR.toString());
        Result bare = exec(java.util.stream.Stream.concat(unset.stream(), Stream.of("validate", workload.toString()))
                .toList());
        Result preview = exec(java.util.stream.Stream.concat(unset.stream(), Stream.of("plan", workload.toString()))
                .toList());
        assertEquals(0, preview.exitCode(), "plan previews with the examples: " + preview.output());
        String text = Files.readString(workload);
        java.util.regex.Matcher defaults = java.util.regex.Pattern.compile("url[s]?: \"\\$\\{[A-Z_]+:-(https?://[^}]*)}")
                .matcher(text);
        while (defaults.find()) {
            assertTrue(defaults.group(1).startsWith("http://127.0.0.1"), workload + " defaults an endpoint to "
                    + defaults.group(1));
        }
        if (text.contains("_ENDPOINT:?") || text.contains("_ENDPOINTS:?")) {
            assertEquals(2, bare.exitCode(), bare.output());
            assertTrue(bare.output().contains("is not set; this workload needs it (e.g. ") && bare.output().contains(
                    "or run it with --embedded for a dry run"), bare.output());
            assertTrue(preview.output().contains(" not set: the endpoints above are the workload's examples; run"
                    + " needs"), preview.output());
        } else {
            assertEquals(0, bare.exitCode(), bare.output());
        }
    }

    /** What each shipped workload's console report must show, besides a summary table and a cleanup line. */
    private static final java.util.Map<String, List<String>> BLOCKS = java.util.Map.ofEntries(
            java.util.Map.entry("quickstart.yaml", List.of("PUT 10 KiB  (", "TTFB       - Avg: ", "Thresholds: all held.")),
            java.util.Map.entry("history.yaml", List.of("MIX 10 B  (", "  History:", "  operations  indeterminate")),
            java.util.Map.entry("replay.yaml", List.of("  Replay:", "  Mix, recorded and replayed:",
                    "  Latency, recorded and here:", "CompleteMultipartUpload", "  Recorded failures:")),
            java.util.Map.entry("large-objects.yaml", List.of("PUT 1 MiB  (", "GET 1 MiB  (", "RANGE GET 1 MiB  (",
                    "Thresholds: all held.")),
            java.util.Map.entry("consistency.yaml", List.of("CONSISTENCY TESTS", "Testing endpoint sjc: http://127.0.0.1:",
                    "S3 Connectivity: SUCCESS - ", "global -> iad (1 iteration, cross endpoint)",
                    "Distribution - Immediate: 100.0%, Eventual: 0.0%, Timeout: 0.0%",
                    "SUCCESS - List-After-Write Consistency test completed", "Thresholds: all held.")),
            java.util.Map.entry("mixed.yaml", List.of("MIX 10 KiB  (", "Uncorrected- Avg: ",
                    "operations started more than 10 ms late")),
            java.util.Map.entry("transcode.yaml", List.of("Read Operations (Source Chunks, 1 MiB):",
                    "; kept for reuse: 1 source, 102.4 MiB, under transcode/sources/107374592B/",
                    "Write Operations (Output Segments, ", "Read-After-Write Consistency:")),
            java.util.Map.entry("t3-validator.yaml", List.of("CONNECTIVITY TESTS", "Testing endpoint ord: http://127.0.0.1:",
                    "CONSISTENCY TESTS", "global -> sjc (1 iteration, cross endpoint)",
                    "sjc -> ord (1 iteration, cross endpoint)", "PUT|LIST (List-After-Write Consistency)",
                    "PERFORMANCE TESTS", "PUT 1 MiB  (", "GET 1 MiB  (", "TRANSCODING WORKLOAD TESTS",
                    "Read Operations (Source Chunks, 1 MiB):", "TEST SUMMARY", " PERFORMANCE TESTS           PASSED")),
            java.util.Map.entry("wasabi.yaml", List.of("Loop 1: PUT time ", "Loop 1: GET time ",
                    "Loop 1: DELETE time ", "Slowdowns = 0", "Loops loop:")),
            java.util.Map.entry("sweep-quick.yaml", List.of("Download performance with 10 B objects (sweep)",
                    "Download performance with 5 KiB objects (sweep)", "|      16 | ", "| Threads |     Throughput |")),
            java.util.Map.entry("sweep-full.yaml", List.of("Download performance with 10 B objects (sweep)",
                    "Download performance with 328 KiB objects (sweep)", "|      64 | ")),
            java.util.Map.entry("httpbench.yaml", List.of("HTTP GET  (", "Reqs: ", " GB/s  (", "Redirects followed: 0")),
            java.util.Map.entry("consistency-under-load.yaml", List.of("[2/9] raw-200 - readAfterWrite",
                    "law-1600  global -> sjc", "raw-800   global -> iad")),
            java.util.Map.entry("proxy-ab.yaml", List.of("Compare upload-1mb-10: direct vs proxy (2 rounds each",
                    "Compare download-100mb-500: direct vs proxy")),
            java.util.Map.entry("conditional-writes.yaml", List.of("race: conditional PUTs (If-None-Match: *) of ",
                    "race-multipart: conditional PUTs (If-None-Match: *) of ",
                    "commit-loop: conditional PUTs (If-Match) of ", "  PUT 164 B  (")),
            java.util.Map.entry("capacity.yaml", List.of("get-capacity - capacity, get load at 50/s x1.5 up to 20000/s",
                    "  Capacity search (rate), SLO p99 ≤ 100ms, errors ≤ 1%, throttled ≤ 0.5%:",
                    "within p99 ≤ 100ms, errors ≤ 1%, throttled ≤ 0.5%", "get-capacity.step1 ",
                    "put-capacity.step1 ")),
            java.util.Map.entry("production-like.yaml", List.of("data      write-reducible: compressible 2.0, dedupe 3.0",
                    "    By size    - ", "Access     - zipf 1.1 over ",
                    "Access     - hotspot: 10% of the keys take 90% of the reads over ", "Thresholds: all held.")));

    /**
     * Every file in workloads/ runs at a hundredth of its sizes, counts and durations on the embedded server: exit
     * code 0, its blocks printed, in summary.json every cell's seconds add up to the cell, with no error, and every
     * figure agrees with the others about the same thing ({@link FigureRelations}).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void everyShippedWorkloadRunsScaledDown(Path workload, @org.junit.jupiter.api.io.TempDir Path out)
            throws Exception {
        List<String> blocks = BLOCKS.get(workload.getFileName().toString());
        assertTrue(blocks != null, "add the blocks " + workload.getFileName() + " must print to BLOCKS");
        long start = System.nanoTime();
        // The memory backend holds at most 4 GiB, which proxy-ab's 48 stages fill before the run's cleanup (HTTP 500
        // from S3Proxy, then 404s on reads): proxy-ab runs on the filesystem backend, the others in memory.
        String backend = workload.getFileName().toString().equals("proxy-ab.yaml") ? "fs" : "memory";
        Result r = jar("run", workload.toString(), "--embedded", "--embedded-backend", backend, "--scale", "0.01",
                "--no-progress", "--report", "console,json", "--out", out.toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(0, r.exitCode(), r.output());
        // a scaled-down run is a matter of seconds (proxy-ab's 48 stages about 50 s here); the bound is generous, for
        // a loaded machine: what it catches is a run that did not scale down
        assertTrue(seconds < 300, workload + " took " + seconds + " s scaled down");
        for (String expected : blocks) {
            assertTrue(r.output().contains(expected), "missing '" + expected + "' in\n" + r.output());
        }
        assertTrue(r.output().contains("SUMMARY  run ") && r.output().contains("Cleanup: removed "), r.output());
        assertTrue(r.output().contains("  scaled    x0.01 (--scale): "), "the header says what --scale changed\n"
                + r.output());
        com.fasterxml.jackson.databind.JsonNode summary = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.resolve("summary.json").toFile());
        int cells = 0;
        for (com.fasterxml.jackson.databind.JsonNode stage : summary.get("stages")) {
            for (com.fasterxml.jackson.databind.JsonNode cell : stage.get("cells")) {
                String where = stage.get("name").asText() + " " + cell.get("op").asText();
                long ops = 0;
                long bytes = 0;
                for (com.fasterxml.jackson.databind.JsonNode second : cell.get("timeline")) {
                    ops += second.get("operations").asLong();
                    bytes += second.get("bytes").asLong();
                }
                assertEquals(cell.get("operations").asLong(), ops, where + ": the seconds add up to the cell");
                assertEquals(cell.get("bytes").asLong(), bytes, where);
                assertEquals(0, cell.get("errors").asLong(), where + ": " + cell.get("errorsByClass"));
                cells++;
            }
        }
        assertTrue(cells > 0, "cells ran");
        List<String> disagree = FigureRelations.problems(r.output(), summary);
        assertTrue(disagree.isEmpty(), workload.getFileName() + ": figures that disagree:\n  "
                + String.join("\n  ", disagree) + "\n" + r.output());
    }

    /**
     * Three shard processes against one standalone server, then merge: the merged counts are the shards' sum and
     * what the server holds, keys never collide, the merged p99 is that of all shards' values together; a shard
     * killed mid-run is reported as partial.
     */
    @Test
    void threeShardsMergeExactlyAndAKilledShardIsReportedAsPartial(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Process server = new ProcessBuilder(JAVA, "-jar", JAR.toString(), "server", "--port", Integer.toString(port),
                "--access-key", "shard-ak", "--secret-key", "shard-sk").redirectErrorStream(true)
                .redirectOutput(dir.resolve("server.log").toFile()).start();
        try (S3Client s3 = S3Client.builder().endpointOverride(java.net.URI.create("http://127.0.0.1:" + port))
                .region(Region.US_EAST_1).forcePathStyle(true).credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create("shard-ak", "shard-sk"))).build()) {
            Path workload = dir.resolve("sharded.yaml");
            Files.writeString(workload, """
                    name: sharded
                    endpoints:
                      s3: {url: "http://127.0.0.1:%d", credentials: {accessKey: shard-ak, secretKey: shard-sk}}
                    bucket: shards
                    createBucket: true
                    keep: true
                    stages:
                      - {name: put, kind: put, size: 4KiB, objects: 100, concurrency: 6}
                      - {name: get, kind: get, from: put, duration: "${GET_TIME:-2s}", concurrency: 6}
                      - {name: sized, kind: put, size: {weights: {4KiB: 50%%, 8KiB: 50%%}}, objects: 60,
                         concurrency: 3}
                    """.formatted(port));
            awaitPort(port);
            // far enough ahead for three JVMs starting at once on a busy two-core machine, most of the time
            String start = java.time.Instant.now().plusSeconds(12).toString();
            List<ChildProcess> shards = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                shards.add(shardProcess(workload, i + "/3", start, dir.resolve("shard-" + i), "2s"));
            }
            List<String> outputs = new ArrayList<>();
            for (ChildProcess p : shards) {
                int code = p.exitCode();
                assertEquals(0, code, p.output());
                outputs.add(p.output());
            }
            Result merge = jar("merge", dir.resolve("shard-0").toString(), dir.resolve("shard-1").toString(),
                    dir.resolve("shard-2").toString(), "--out", dir.resolve("merged").toString());
            assertEquals(0, merge.exitCode(), merge.output());
            // three processes told one --start-at began together, and merge says how closely
            assertTrue(merge.output().contains("Shards began within ") && merge.output().contains(
                    " s from the start time)"), merge.output());

            var json = new com.fasterxml.jackson.databind.ObjectMapper();
            var merged = json.readTree(dir.resolve("merged/summary.json").toFile());
            // a shard ready before the start time waits for it and begins on it; one whose JVM took longer than the
            // lead to get there (a slow or busy machine) says the time has passed and begins at once, and its
            // lateness is the machine's, not the tool's
            boolean allWaited = outputs.stream().allMatch(o -> o.contains(") for the other shards"));
            if (allWaited) {
                assertTrue(merged.at("/run/startSpreadSeconds").asDouble() < 1, merged.at("/run").toString());
            }
            for (int i = 0; i < 3; i++) {
                double late = merged.at("/run/shards/" + i + "/lateSeconds").asDouble(-1);
                if (outputs.get(i).contains(") for the other shards")) {
                    assertTrue(late > -0.05 && late < 1, "shard " + i + " began " + late + " s after the start time");
                } else {
                    assertTrue(outputs.get(i).contains("has passed") && late >= 0, outputs.get(i) + "; late " + late);
                }
            }
            String runId = merged.at("/run/id").asText();
            long mergedPuts = merged.at("/stages/0/cells/0/operations").asLong();
            long shardPuts = 0;
            long shardGets = 0;
            org.HdrHistogram.Histogram all = new org.HdrHistogram.Histogram(3);
            for (int i = 0; i < 3; i++) {
                var shard = json.readTree(dir.resolve("shard-" + i + "/summary.json").toFile());
                assertEquals(i, shard.at("/run/shard/index").asInt());
                assertEquals(runId, shard.at("/run/id").asText(), "one run id for all shards");
                shardPuts += shard.at("/stages/0/cells/0/operations").asLong();
                shardGets += shard.at("/stages/1/cells/0/operations").asLong();
                try (var reader = new org.HdrHistogram.HistogramLogReader(dir.resolve("shard-" + i
                        + "/hdr/get.GET.s3.4KiB.hlog").toFile())) {
                    for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                        if ("latency".equals(h.getTag())) {
                            all.add((org.HdrHistogram.Histogram) h);
                        }
                    }
                }
            }
            List<String> keys = new ArrayList<>();
            s3.listObjectsV2Paginator(b -> b.bucket("shards").prefix("s3workload/" + runId + "/")).contents()
                    .stream().filter(o -> o.key().contains("/put/")).forEach(o -> keys.add(o.key()));
            assertEquals(100, shardPuts, "the shards' objects add up to the workload's");
            assertEquals(shardPuts, mergedPuts);
            assertEquals(mergedPuts, keys.size(), "every PUT left its own object: no key written twice");
            for (int i = 0; i < 3; i++) {
                String own = "s3workload/" + runId + "/shard-" + i + "/";
                assertTrue(keys.stream().filter(k -> k.startsWith(own)).count() >= 33, own + " in " + keys);
            }
            assertEquals(shardGets, merged.at("/stages/1/cells/0/operations").asLong());
            assertEquals(all.getTotalCount(), shardGets);
            assertEquals(all.getValueAtPercentile(99) / 1e6, merged.at("/stages/1/cells/0/latencyMs/p99").asDouble(),
                    1e-9, "the merged p99 is the p99 of every shard's values together");
            assertTrue(Files.exists(dir.resolve("merged/report.html")) && Files.exists(dir.resolve(
                    "merged/hdr/get.GET.s3.4KiB.hlog")));
            assertTrue(Files.readString(dir.resolve("merged/report.html")).contains("shard 2"), "a line per shard");
            // the shards' ops logs as one, in the order the operations ended: the measured GETs are the cell's
            long[] ops = {0, 0, Long.MIN_VALUE, 0};
            java.util.Set<String> shardsSeen = new java.util.TreeSet<>();
            io.s3workload.opslog.OpsReader.read(dir.resolve("merged/ops.csv.zst"), r -> {
                ops[0]++;
                if (r.stage().equals("get") && r.own().isEmpty() && !r.failed()) {
                    ops[1]++;
                }
                if (r.endUs() < ops[2]) {
                    ops[3]++;
                }
                ops[2] = Math.max(ops[2], r.endUs());
                shardsSeen.add(r.shard());
            });
            assertEquals(shardGets, ops[1], "the merged log's GETs are the merged cell's");
            assertEquals(0, ops[3], "rows in end order");
            assertEquals(java.util.Set.of("0/3", "1/3", "2/3"), shardsSeen);
            assertTrue(merge.output().contains("Ops log: " + Units.count(ops[0], "row") + " from the shards'"),
                    merge.output());
            // latency by size merges bucket by bucket: counts add up, and the merged log holds each bucket's values
            long[] bucketOps = new long[2];
            for (int i = 0; i < 3; i++) {
                var shard = json.readTree(dir.resolve("shard-" + i + "/summary.json").toFile());
                for (int b = 0; b < 2; b++) {
                    bucketOps[b] += shard.at("/stages/2/cells/0/bySize/" + b + "/operations").asLong();
                }
            }
            assertEquals(60, bucketOps[0] + bucketOps[1]);
            for (int b = 0; b < 2; b++) {
                assertEquals(bucketOps[b], merged.at("/stages/2/cells/0/bySize/" + b + "/operations").asLong());
                assertEquals(bucketOps[b], merged.at("/stages/2/cells/0/bySize/" + b + "/latencyMs/count").asLong());
            }
            assertEquals("8 KiB", merged.at("/stages/2/cells/0/bySize/1/bucket").asText());
            assertTrue(Files.readString(dir.resolve("merged/by-size.csv")).contains("sized,PUT,s3,w4KiB.50-8KiB.50,8 KiB,"));

            String later = java.time.Instant.now().plusSeconds(3).toString();
            ChildProcess survivor = shardProcess(workload, "0/2", later, dir.resolve("late-0"), "1s");
            ChildProcess victim = shardProcess(workload, "1/2", later, dir.resolve("late-1"), "30s");
            assertEquals(0, survivor.exitCode(), survivor.output());
            // killed once its GET cell's log holds an interval: a shard cut mid-stage, whenever it got there
            Path victimsLog = dir.resolve("late-1/hdr/get.GET.s3.4KiB.hlog");
            assertTrue(ChildProcess.until(() -> intervals(victimsLog) > 0), victim.output());
            victim.kill();
            Result partial = jar("merge", dir.resolve("late-0").toString(), dir.resolve("late-1").toString(),
                    "--out", dir.resolve("late-merged").toString());
            assertEquals(1, partial.exitCode(), partial.output());
            assertTrue(partial.output().contains("shard 1  partial") && partial.output().contains(
                    "no summary.json: the shard did not finish; its hdr logs hold "), partial.output());
            assertTrue(partial.output().contains("PARTIAL: not every shard finished"), partial.output());
            assertTrue(json.readTree(dir.resolve("late-merged/summary.json").toFile()).at("/run/partial")
                    .asBoolean());
        } finally {
            server.destroy();
            server.waitFor(20, TimeUnit.SECONDS);
        }
    }

    private static ChildProcess shardProcess(Path workload, String shard, String start, Path out, String getTime)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(JAVA, "-jar", JAR.toString(), "run", workload.toString(),
                "--shard", shard, "--start-at", start, "--report", "console,json,hdr,ops", "--out", out.toString(),
                "--no-progress").directory(ROOT.toFile());
        builder.environment().put("GET_TIME", getTime);
        return ChildProcess.start(builder);
    }

    /** The latency intervals an hdr log holds so far (0 when it is not there yet). */
    private static long intervals(Path hlog) {
        try {
            return Files.isRegularFile(hlog) ? Files.readAllLines(hlog).stream()
                    .filter(l -> l.startsWith("Tag=latency,")).count() : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private static void awaitPort(int port) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the server did not listen on " + port);
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
        assertTrue(r.output().contains("PUT 768 MiB  (1 attempt in"), r.output());
        assertTrue(r.output().contains("GET 768 MiB  (1 attempt in"), r.output());
        assertTrue(r.output().contains("1 ok, 0 errors"), r.output());
    }

    /**
     * A secret planted in every way one can reach the tool — user info in an endpoint's {@code url:} and its
     * {@code serverMetrics} URL, in {@code --endpoint} and in {@code --set}, keys and a session token (also the
     * metrics' bearer token) from the environment — appears in no output
     * of {@code validate}, {@code plan}, {@code run} (every file reporter, the console) or an error, also with
     * {@code S3WORKLOAD_DEBUG=1}.
     */
    @Test
    void noSecretAppearsInAnyOutputHoweverItArrives(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String urlSecret = "UrlPassw0rdPlanted";
        String secretKey = "sk-Planted-Secret-Key";
        String token = "PlantedSessionToken";
        try (EmbeddedS3 server = EmbeddedS3.start(EmbeddedS3.Backend.MEMORY, "ak-planted", secretKey)) {
            String withUserInfo = server.endpoint().toString().replace("://", "://me:" + urlSecret + "@");
            Path workload = dir.resolve("secrets.yaml");
            Files.writeString(workload, """
                    endpoints:
                      s3: {url: "%s", credentials: {accessKey: "${AK}", secretKey: "${SK}"},
                           serverMetrics: {url: "http://me:%s@127.0.0.1:1/metrics", bearerToken: "${TOKEN}",
                                           requests: {metric: s3_requests_total}}}
                    bucket: secrets
                    createBucket: true
                    stages:
                      - {name: put, kind: put, size: 4KiB, objects: 4, concurrency: 2}
                      - {name: get, kind: get, from: put}
                      - {name: raw, kind: readAfterWrite, iterations: 2}
                    """.formatted(withUserInfo, urlSecret));
            // the in-process server refuses session tokens (HTTP 501), so they go where no request is answered
            Path withToken = dir.resolve("token.yaml");
            Files.writeString(withToken, Files.readString(workload).replace("secretKey: \"${SK}\"",
                    "secretKey: \"${SK}\", sessionToken: \"${TOKEN}\""));
            Path badWorkload = dir.resolve("bad.yaml");
            Files.writeString(badWorkload, """
                    endpoints:
                      s3: {url: "ftp://me:%s@127.0.0.1:1", credentials: {accessKey: a, secretKey: "%s"}}
                    bucket: secrets
                    stages: [{name: put, kind: put, size: 4KiB, objects: 1}]
                    """.formatted(urlSecret, secretKey));
            String[] env = {"AK", "ak-planted", "SK", secretKey, "TOKEN", token, "S3WORKLOAD_DEBUG", "1"};
            String jar = JAR.toString();
            Path out = dir.resolve("out");
            List<List<String>> commands = List.of(
                    List.of(JAVA, "-jar", jar, "validate", withToken.toString()),
                    List.of(JAVA, "-jar", jar, "plan", workload.toString()),
                    List.of(JAVA, "-jar", jar, "plan", withToken.toString(), "--endpoint",
                            "http://me:" + urlSecret + "@127.0.0.1:1"),
                    List.of(JAVA, "-jar", jar, "validate", badWorkload.toString()),
                    List.of(JAVA, "-jar", jar, "run", workload.toString(), "--no-progress", "--out", out.toString(),
                            "--report", "console,csv,json,hdr,html"),
                    List.of(JAVA, "-jar", jar, "run", withToken.toString(), "--no-progress", "--set",
                            "endpoints.s3.url=http://me:" + urlSecret + "@127.0.0.1:1"),
                    List.of(JAVA, "-jar", jar, "run", withToken.toString(), "--no-progress", "--endpoint",
                            "s3=http://me:" + urlSecret + "@127.0.0.1:2"));
            List<String> outputs = new ArrayList<>();
            for (List<String> command : commands) {
                outputs.add("command " + outputs.size() + " (" + command.get(3) + ")\n" + exec(command, env).output());
            }
            try (Stream<Path> files = Files.walk(out)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    outputs.add(file + "\n" + Files.readString(file, StandardCharsets.ISO_8859_1));
                }
            }
            assertTrue(outputs.size() >= 12, "seven commands and the report files: " + outputs);
            assertTrue(outputs.get(1).contains("http://***@127.0.0.1"), "the user info is shown masked: "
                    + outputs.get(1));
            assertTrue(outputs.get(5).contains("unreachable") && outputs.get(6).contains("127.0.0.1:2"),
                    "the failing runs said why: " + outputs.get(5) + outputs.get(6));
            for (String text : outputs) {
                for (String secret : List.of(urlSecret, secretKey, token)) {
                    assertFalse(text.contains(secret), secret + " in\n" + text);
                }
            }
        }
    }

    @Test
    void ctrlCStopsTheRunAndCleansUpWhatItWrote(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        StringBuilder output = new StringBuilder();
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
            // SIGINT as a terminal sends it, also when this suite was started in the background with it ignored
            try (ChildProcess process = ChildProcess.start(new ProcessBuilder(ChildProcess.withSigintDelivered(
                    List.of(JAVA, "-jar", JAR.toString(), "run", workload.toString()))))) {
                assertTrue(process.awaitLines(l -> l.contains("PUT 4 KiB") && l.contains("/300.0s"), 2),
                        "two progress lines: " + process.output());
                assertTrue(!client.listObjectsV2(b -> b.bucket("interrupted").prefix("s3workload/")).contents()
                        .isEmpty(), "the run has written objects before the interrupt");
                new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
                assertEquals(130, process.exitCode(), process.output());
                output.append(process.output());
            }
            assertTrue(output.toString().matches("(?s).*Cleanup: removed [1-9]\\d* objects under s3workload/.*"),
                    output.toString());
            assertTrue(output.toString().contains("Interrupted"), output.toString());
            assertEquals(List.of("decoy"), client.listObjectsV2(b -> b.bucket("interrupted")).contents().stream()
                    .map(o -> o.key()).toList(), "only the object the run did not write is left");
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
    void profileWritesAFlameGraphOfTheRequestPath(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Result r = jar("run", "workloads/quickstart.yaml", "--no-progress", "--profile", "--out", out.toString(),
                "--set", "stages.put.operations=200", "--set", "stages.get.duration=3s");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().contains("Profile: " + out.resolve("profile.html")), r.output());
        String stacks = Files.readString(out.resolve("profile.collapsed"));
        assertTrue(stacks.contains("io.s3workload.s3.paths.HttpDataPath.read"), "the GETs' path: " + stacks.substring(0,
                Math.min(2000, stacks.length())));
        assertTrue(Files.readString(out.resolve("profile.html")).contains("<svg id=\"flame\""));
    }

    @Test
    void prometheusScrapesTheShadedJarWhileItRuns() throws Exception {
        String metrics;
        String output;
        try (ChildProcess process = ChildProcess.start(new ProcessBuilder(JAVA, "-jar", JAR.toString(), "run",
                "workloads/quickstart.yaml", "--no-progress", "--prometheus-port", "0", "--prometheus-host",
                "127.0.0.1", "--set", "stages.get.duration=4s").directory(ROOT.toFile()))) {
            // scraped once the GET stage has begun (the PUTs' counts are in by then), whenever that is
            assertTrue(process.awaitLines(l -> l.startsWith("[2/3] get"), 1), process.output());
            String url = process.output().lines().filter(l -> l.startsWith("Prometheus: serving ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no Prometheus line: " + process.output())).split(" ")[2];
            try (var client = java.net.http.HttpClient.newHttpClient()) {
                metrics = client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            }
            assertEquals(0, process.exitCode(), process.output());
            output = process.output();
        }
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
    void theLauncherSaysWhatToInstallWhenNoJava21Exists(@org.junit.jupiter.api.io.TempDir Path bin) throws Exception {
        linkShellTools(bin);
        Result r = exec(List.of("/bin/bash", ROOT.resolve("s3workload").toString(), "--version"),
                "JAVA_HOME", "", "PATH", bin.toString(), "S3WORKLOAD_JDK_SEARCH", "/nonexistent/*/");
        assertEquals(2, r.exitCode(), r.output());
        assertTrue(r.output().contains("s3workload needs Java 21 or newer"), r.output());
        assertTrue(r.output().contains("a runtime is enough once the jar is built"), r.output());
        assertTrue(r.output().contains("apt-get install openjdk-21-jre-headless"), r.output());
    }

    @Test
    void theLauncherRunsTheBuiltJarOnAJavaRuntimeWithoutJavac(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        linkShellTools(bin);
        Path jre = Files.createDirectories(dir.resolve("jre/bin")).getParent(); // a runtime: java, no javac
        Path jdk = Path.of(JAVA).getParent().getParent();
        Files.createSymbolicLink(jre.resolve("bin/java"), jdk.resolve("bin/java"));
        Files.copy(jdk.resolve("release"), jre.resolve("release"));
        Result r = exec(List.of("/bin/bash", ROOT.resolve("s3workload").toString(), "--version"),
                "JAVA_HOME", jre.toString(), "PATH", bin.toString(), "S3WORKLOAD_JDK_SEARCH", "/nonexistent/*/");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().startsWith("s3workload "), r.output());
    }

    /** The programs the launcher calls, and nothing else: no java or javac on this PATH. */
    private static void linkShellTools(Path bin) throws IOException {
        for (String tool : new String[] {"dirname", "sed", "head", "readlink", "cat", "find", "mktemp", "rm"}) {
            Files.createSymbolicLink(bin.resolve(tool), Path.of("/usr/bin", tool));
        }
    }

    @Test
    void theLauncherFindsAJdk21EvenWhenJavaHomeIsOlder() throws Exception {
        Result r = exec(List.of("bash", ROOT.resolve("s3workload").toString(), "--version"),
                "JAVA_HOME", "/usr/lib/jvm/java-17-openjdk-amd64");
        assertEquals(0, r.exitCode(), r.output());
        assertTrue(r.output().startsWith("s3workload "), r.output());
    }
}
