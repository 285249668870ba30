package io.s3workload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.cli.terminal.HelpWrapping;
import io.s3workload.server.EmbeddedS3;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line in this JVM: help texts, validate, plan, and each exit code of run. */
class MainTest {

    private static final Path QUICKSTART = Path.of("../workloads/quickstart.yaml");
    private static EmbeddedS3 server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        server = EmbeddedS3.start(EmbeddedS3.Backend.MEMORY, "test-access-key", "test-secret-key");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void helpListsTheCommandsAndTheExitCodes() {
        Console c = Console.run("--help");
        assertEquals(0, c.exitCode());
        for (String text : new String[] {"run", "validate", "plan", "report", "merge", "compare", "cleanup", "schema",
            "server", "Exit codes", "3    endpoint unreachable"}) {
            assertTrue(c.out().contains(text), text + " in\n" + c.out());
        }
        Console run = Console.run("run", "--help");
        for (String text : new String[] {"--set", "--bucket", "--endpoint", "--embedded", "--no-progress",
            "130  interrupted"}) {
            assertTrue(run.out().contains(text), text + " in\n" + run.out());
        }
    }

    /**
     * Every command's help as people read it: lines within 80 columns, wrapped by picocli at word boundaries (a
     * description paragraph is one element, never a line broken by hand that picocli breaks again), no option shown
     * with a bare {@code <name>} placeholder, and every default said.
     */
    @Test
    void everyHelpWrapsAtWordsNamesItsValuesAndSaysItsDefaults() {
        picocli.CommandLine main = Main.commandLine();
        for (picocli.CommandLine command : main.getSubcommands().values()) {
            String name = command.getCommandName();
            if (name.equals("help")) {
                continue;
            }
            String help = command.getUsageMessage(picocli.CommandLine.Help.Ansi.OFF);
            help.lines().forEach(line -> assertTrue(line.length() <= 80, name + ": longer than 80 columns: " + line));
            // wrapped at spaces only: the same words as the help laid out with no width limit, none cut in two
            picocli.CommandLine unwrapped = new picocli.CommandLine(new Main()).getSubcommands().get(name);
            unwrapped.getCommandSpec().usageMessage().autoWidth(false).width(HelpWrapping.UNWRAPPED);
            assertEquals(List.of(unwrapped.getUsageMessage(picocli.CommandLine.Help.Ansi.OFF).split("\\s+")),
                    List.of(help.split("\\s+")), name + ": a word broken across lines\n" + help);
            assertFalse(help.matches("(?s).*=<[a-zA-Z]+>.*"), name + ": an option without a value label\n" + help);
            for (picocli.CommandLine.Model.OptionSpec option : command.getCommandSpec().options()) {
                String description = String.join(" ", option.description());
                if (option.defaultValue() != null && !option.usageHelp() && !option.versionHelp()) {
                    assertTrue(description.contains("default"), name + " " + option.longestName()
                            + ": its default (" + option.defaultValue() + ") is not said: " + description);
                }
            }
            String[] paragraphs = command.getCommandSpec().usageMessage().description();
            for (int i = 0; i + 1 < paragraphs.length; i++) {
                String next = paragraphs[i + 1].strip();
                boolean continues = !paragraphs[i].isBlank() && !paragraphs[i].startsWith("  ")
                        && !paragraphs[i].strip().matches(".*[.:;)]$")
                        && !next.isEmpty() && Character.isLowerCase(next.charAt(0));
                assertFalse(continues, name + ": a sentence broken by hand across description lines: '"
                        + paragraphs[i] + "' / '" + paragraphs[i + 1] + "'");
            }
        }
    }

    @Test
    void versionNamesTheBuildAndTheJvm() {
        Console c = Console.run("--version");
        assertEquals(0, c.exitCode());
        assertTrue(c.out().matches("(?s)s3workload \\d+\\.\\d+\\.\\d+.*JVM: .*"), c.out());
    }

    @Test
    void usageErrorsExitWith2() {
        assertEquals(2, Console.run().exitCode(), "no command");
        assertEquals(2, Console.run("run").exitCode(), "no workload");
        Console unknown = Console.run("run", "--frobnicate", QUICKSTART.toString());
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().contains("Unknown option: '--frobnicate'"), unknown.err());
    }

    @Test
    void validateAcceptsTheQuickstartAndRejectsBadInputWithPositions() throws IOException {
        Console ok = Console.run("validate", QUICKSTART.toString());
        assertEquals(0, ok.exitCode(), ok.all());
        assertTrue(ok.out().contains("valid workload 'quickstart' with 3 stages: put, get, delete"), ok.out());

        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "bucket: bench\nstages:\n  - name: p\n    kind: putt\n");
        Console c = Console.run("validate", bad.toString());
        assertEquals(2, c.exitCode());
        assertTrue(c.err().contains(bad + ":4:11: stages[0].kind: unknown stage kind 'putt' (did you mean 'put'?)"),
                c.err());
        assertFalse(c.all().contains("\tat "), "no stack trace");

        Console missing = Console.run("validate", dir.resolve("nope.yaml").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("nope.yaml: no such file"), missing.err());
    }

    @Test
    void planPrintsStagesOperationsAndBytesWithoutNetwork() {
        Console c = Console.run("plan", QUICKSTART.toString(), "--set", "stages.put.operations=400");
        assertEquals(0, c.exitCode(), c.all());
        assertTrue(c.out().contains("in-process S3 server"), c.out());
        assertTrue(c.out().matches("(?s).*\\n\\s+1\\s+put\\s+put\\s+embedded\\s+8\\s+1 MiB\\s+400\\s+50\\s+-\\s+400 MiB\\n.*"),
                c.out());
        assertTrue(c.out().contains("3 stages; 900 operations and 1.95 GiB known in advance, plus the duration-bound"
                + " cells"), c.out());
    }

    /** A size in a decimal unit is 10^6 bytes a MB, and plan says so rather than print 9.54 MiB without a word. */
    @Test
    void planSaysWhichSizesItReadAsDecimal() throws IOException {
        Path decimal = dir.resolve("decimal.yaml");
        Files.writeString(decimal, "bucket: bench\nstages:\n  - {name: put, kind: put, sizes: [10 MB, 1MiB], objects: 2}\n"
                + "  - {name: get, kind: get, from: pt}\n");
        Console bad = Console.run("validate", decimal.toString());
        assertTrue(bad.err().contains("stages[1].from: no stage named 'pt' (did you mean 'put'?); the earlier stages:"
                + " put"), bad.err());
        Files.writeString(decimal, Files.readString(decimal).replace("from: pt", "from: put"));
        Console c = Console.run("plan", decimal.toString());
        assertEquals(0, c.exitCode(), c.all());
        assertTrue(c.out().contains("  decimal    sizes in kB, MB, GB or TB are powers of 1000") && c.out().contains(
                "stages.put.sizes[0] 10 MB = 9.54 MiB"), c.out());
        assertFalse(c.out().contains("sizes[1]"), "1MiB is binary: " + c.out());
    }

    @Test
    void planShowsAShardsShareAsRunWouldRunIt() {
        int putWorkers = 0;
        for (int i = 0; i < 3; i++) {
            Console c = Console.run("plan", QUICKSTART.toString(), "--shard", i + "/3");
            assertEquals(0, c.exitCode(), c.all());
            assertTrue(c.out().contains("shard " + i + "/3: this process's share"), c.out());
            java.util.regex.Matcher put = java.util.regex.Pattern.compile("\\n\\s+1\\s+put\\s+put\\s+embedded\\s+(\\d+)\\s")
                    .matcher(c.out());
            assertTrue(put.find(), c.out());
            putWorkers += Integer.parseInt(put.group(1));
        }
        assertEquals(8, putWorkers, "the quickstart's 8 put workers over 3 shards");
        Console bad = Console.run("plan", QUICKSTART.toString(), "--shard", "3/3");
        assertEquals(2, bad.exitCode(), bad.all());
        assertTrue(bad.err().contains("--shard expects I/N with 0 <= I < N"), bad.all());
    }

    @Test
    void planShowsTheCountsOfStagesThatStopWithAnotherAsMostsAndLeavesThemOutOfTheTotals() {
        Console c = Console.run("plan", QUICKSTART.resolveSibling("consistency-under-load.yaml").toString());
        assertEquals(0, c.exitCode(), c.all());
        assertTrue(c.out().matches("(?s).*\\n\\s+2\\s+raw-200\\s+readAfterWrite\\s+.*\\s+≤ 100000\\s+100000\\s+-\\s+≤ .*"),
                c.out());
        assertTrue(c.out().contains("9 stages; 0 operations and 0 B known in advance, plus the duration-bound cells"
                + " and the stages that stop with another (their counts are at most)"), c.out());
    }

    @Test
    void runAgainstAClosedPortExitsWith3() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path workload = workload("""
                endpoints:
                  s3:
                    url: http://127.0.0.1:%d
                    credentials: {accessKey: a, secretKey: b}
                bucket: bench
                stages: [{name: p, kind: put, sizes: [1KiB], objects: 1}]
                """.formatted(port));
        Console c = Console.run("run", workload.toString(), "--no-progress");
        assertEquals(3, c.exitCode(), c.all());
        assertTrue(c.err().contains("error: endpoint 's3' (http://127.0.0.1:" + port + ") is unreachable: "
                + "connection refused"), c.err());
    }

    @Test
    void runWithWrongCredentialsExitsWith3AndDoesNotPrintThem() throws IOException {
        Path workload = workload("""
                endpoints:
                  s3:
                    url: %s
                    credentials: {accessKey: AKIAWRONG, secretKey: not-the-secret}
                bucket: bench
                stages: [{name: p, kind: put, sizes: [1KiB], objects: 1}]
                """.formatted(server.endpoint()));
        Console c = Console.run("run", workload.toString(), "--no-progress");
        assertEquals(3, c.exitCode(), c.all());
        assertTrue(c.err().contains("refused the credentials"), c.err());
        assertFalse(c.all().contains("not-the-secret") || c.all().contains("AKIAWRONG"), c.all());
    }

    @Test
    void aCrossedThresholdExitsWith1AndSaysWhich() throws IOException {
        Path workload = workload("""
                endpoints:
                  s3:
                    url: %s
                    credentials: {accessKey: test-access-key, secretKey: test-secret-key}
                bucket: thresholds
                createBucket: true
                stages:
                  - {name: p, kind: put, sizes: [1KiB], objects: 5, failOn: {p50: 1us}}
                """.formatted(server.endpoint()));
        Console c = Console.run("run", workload.toString(), "--no-progress");
        assertEquals(1, c.exitCode(), c.all());
        assertTrue(c.out().contains("Thresholds: 1 crossed (exit code 1):"), c.out());
        assertTrue(c.out().contains("FAILED p PUT 1 KiB: latency p50 "), c.out());
        assertTrue(c.out().contains("Cleanup: removed 5 objects"), c.out());
    }

    /** The SDK's client of the in-process server, to set the scene and look at what a command left. */
    private static software.amazon.awssdk.services.s3.S3Client s3Client() {
        return software.amazon.awssdk.services.s3.S3Client.builder().endpointOverride(server.endpoint())
                .region(software.amazon.awssdk.regions.Region.US_EAST_1).forcePathStyle(true)
                .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                        software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("test-access-key",
                                "test-secret-key"))).build();
    }

    @Test
    void cleanupDeletesAPrefixOnlyWhenConfirmedAndFinishesAManifest() throws IOException {
        var s3 = s3Client();
        s3.createBucket(b -> b.bucket("leftovers"));
        String prefix = "s3workload/20261121-101010-beef/";
        for (String key : java.util.List.of(prefix + "put/1KiB/0", prefix + "put/1KiB/1", prefix + "get/x",
                "s3workload/decoy", "decoy-root")) {
            s3.putObject(b -> b.bucket("leftovers").key(key),
                    software.amazon.awssdk.core.sync.RequestBody.fromString("x"));
        }
        Path workload = workload("""
                endpoints:
                  s3:
                    url: %s
                    credentials: {accessKey: test-access-key, secretKey: test-secret-key}
                bucket: leftovers
                stages: [{name: p, kind: put, sizes: [1KiB], objects: 1}]
                """.formatted(server.endpoint()));

        Console unconfirmed = Console.run("cleanup", workload.toString(), "--prefix", prefix);
        assertEquals(2, unconfirmed.exitCode(), unconfirmed.all());
        assertTrue(unconfirmed.out().contains("3 objects under " + prefix), unconfirmed.all());
        assertTrue(unconfirmed.err().contains("not confirmed"), unconfirmed.all());

        Path manifest = dir.resolve("m.txt");
        Files.writeString(manifest, "bucket leftovers\nprefix " + prefix + "\nendpoint s3\nkey " + prefix
                + "put/1KiB/0\n");
        Console finished = Console.run("cleanup", workload.toString(), "--manifest", manifest.toString());
        assertEquals(0, finished.exitCode(), finished.all());
        assertTrue(finished.out().contains("Cleanup: removed 1 object under " + prefix) && finished.out().contains("Nothing is left."),
                finished.all());
        assertFalse(Files.exists(manifest));

        Console confirmed = Console.run("cleanup", workload.toString(), "--prefix", prefix, "--yes");
        assertEquals(0, confirmed.exitCode(), confirmed.all());
        assertTrue(confirmed.out().contains("Cleanup: removed 2 objects under " + prefix), confirmed.all());
        java.util.List<String> left = s3.listObjectsV2(b -> b.bucket("leftovers")).contents().stream()
                .map(software.amazon.awssdk.services.s3.model.S3Object::key).sorted().toList();
        assertEquals(java.util.List.of("decoy-root", "s3workload/decoy"), left);

        Console notARunPrefix = Console.run("cleanup", workload.toString(), "--prefix", "s3workload", "--yes");
        assertEquals(2, notARunPrefix.exitCode(), notARunPrefix.all());
        s3.close();
    }

    @Test
    void cleanupOfARunSpreadOverThreeBucketsEmptiesEveryOne() throws IOException {
        var s3 = s3Client();
        List<String> buckets = List.of("spread-1", "spread-2", "spread-3");
        buckets.forEach(b -> s3.createBucket(r -> r.bucket(b)));
        s3.putObject(b -> b.bucket("spread-2").key("s3workload/someone-else"),
                software.amazon.awssdk.core.sync.RequestBody.fromString("x"));
        // a run that leaves its objects behind, as a killed one does
        Path workload = workload("""
                endpoints:
                  s3:
                    url: %s
                    credentials: {accessKey: test-access-key, secretKey: test-secret-key}
                bucket: spread
                buckets: 3
                keep: true
                defaults: {client: sync, retries: 2}
                stages: [{name: p, kind: put, sizes: [1KiB], objects: 60}]
                """.formatted(server.endpoint()));
        Console run = Console.run("run", workload.toString(), "--run-id", "spread-run", "--no-progress",
                "--out", dir.resolve("out").toString());
        assertEquals(0, run.exitCode(), run.all());
        java.util.function.ToIntFunction<String> ours = b -> (int) s3.listObjectsV2(r -> r.bucket(b)
                .prefix("s3workload/spread-run/")).keyCount().longValue();
        for (String bucket : buckets) {
            assertTrue(ours.applyAsInt(bucket) > 0, "the run wrote nothing in " + bucket + ": " + run.all());
        }

        Console cleanup = Console.run("cleanup", workload.toString(), "--prefix", "s3workload/spread-run/", "--yes");
        assertEquals(0, cleanup.exitCode(), cleanup.all());
        assertTrue(cleanup.out().contains("60 objects under s3workload/spread-run/ in buckets spread-1, spread-2,"
                + " spread-3 on s3"), cleanup.all());
        assertTrue(cleanup.out().contains("Cleanup: removed 60 objects"), cleanup.all());
        for (String bucket : buckets) {
            assertEquals(0, ours.applyAsInt(bucket), bucket + " still holds the run's objects: " + cleanup.all());
        }
        assertEquals(1, s3.listObjectsV2(r -> r.bucket("spread-2")).keyCount(), "not ours, so kept");
        s3.close();
    }

    @Test
    void mutatedWorkloadsGetAClearErrorAndExitCode2NeverAStackTrace() throws IOException {
        String text = Files.readString(QUICKSTART);
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        String[] junk = {":", "- ", "{", "]", "\"", "\t", "&a", "*b", "${", "!!float", "\n  - ", "1e999", "~"};
        for (int i = 0; i < 40; i++) {
            int at = random.nextInt(text.length());
            String mutant = text.substring(0, at) + junk[random.nextInt(junk.length)]
                    + text.substring(Math.min(text.length(), at + random.nextInt(4)));
            Path file = workload(mutant);
            Console c = Console.run("validate", file.toString());
            assertTrue(c.exitCode() == 0 || c.exitCode() == 2, "exit " + c.exitCode() + " for\n" + mutant + "\n"
                    + c.all());
            assertFalse(c.all().contains("\tat ") || c.all().contains("Exception"), c.all());
            if (c.exitCode() == 2) {
                assertTrue(c.err().startsWith("error: "), c.all());
            }
        }
    }

    private Path workload(String yaml) throws IOException {
        Path file = dir.resolve("w.yaml");
        Files.writeString(file, yaml);
        return file;
    }
}
