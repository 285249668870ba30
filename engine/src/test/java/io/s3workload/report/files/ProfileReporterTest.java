package io.s3workload.report.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.report.Reporters;
import io.s3workload.report.html.ProfileReporter;
import io.s3workload.result.Reporter;
import io.s3workload.run.Engine;
import io.s3workload.testing.TestS3;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code profile}: a real run's client profile holds stacks through the request path, the folded counts add up to
 * the flame graph's samples, and the page is self-contained.
 */
class ProfileReporterTest {

    @TempDir
    Path out;

    @Test
    void aRunsProfileHoldsItsRequestPath() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (TestS3 s3 = new TestS3()) {
            s3.createBucket("profiled");
            List<Reporter> reporters = Reporters.create(List.of("profile"), new Reporters.Settings(
                    new PrintStream(console, true, StandardCharsets.UTF_8), false, false,
                    new ResultsDirectory(Optional.of(out)), "test-version"));
            new Engine(s3.plan("""
                    bucket: profiled
                    stages:
                      - {name: put, kind: put, sizes: [1MiB], objects: 16, operations: 1000, concurrency: 4}
                      - {name: get, kind: get, from: put, operations: 1000, concurrency: 4}
                    """), reporters).run();
            reporters.forEach(Reporter::close);
        }
        List<String> stacks = Files.readAllLines(out.resolve(ProfileReporter.COLLAPSED));
        long samples = 0;
        for (String line : stacks) {
            assertTrue(line.matches("[^ ;]+(;[^ ;]+)+ [0-9]+"), "frame;frame;... count: " + line);
            samples += Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
        }
        // the samples count CPU time (10 ms of it a sample, JDK 25's jdk.CPUTimeSample; the run on a JDK 21 counts
        // 10 ms of a thread running Java): 2,000 requests of 1 MiB are seconds of it, whatever the machine's pace, and
        // a GiB sent and a GiB read are hundreds of ms of the client's own path each (with 256 KiB requests, a warm
        // client on a fast core once spent too little in send for a sample to land there)
        assertTrue(samples >= 20, "2,000 requests of 1 MiB give samples: " + samples);
        assertTrue(stacks.stream().anyMatch(l -> l.contains("io.s3workload.s3.http.Http1Connection.send")),
                "the request path is in the profile:\n" + String.join("\n", stacks.subList(0, Math.min(20,
                        stacks.size()))));
        assertTrue(stacks.stream().anyMatch(l -> l.contains("io.s3workload.s3.paths.HttpDataPath.read")), "and GET's");

        String html = Files.readString(out.resolve(ProfileReporter.HTML));
        assertTrue(html.contains(String.format(java.util.Locale.ROOT, "%,d samples", samples)), "the page counts what"
                + " the folded file holds");
        assertTrue(html.contains("<svg id=\"flame\"") && html.contains("Http1Connection.send"), "a flame graph");
        assertTrue(!html.matches("(?s).*(src|href)=\"(https?:)?//.*"), "nothing fetched from elsewhere");
        assertTrue(Files.size(out.resolve(ProfileReporter.RECORDING)) > 0, "the recording is kept");
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("Profile: " + out.resolve(ProfileReporter.HTML)),
                console.toString(StandardCharsets.UTF_8));
        assertEquals(stacks.size(), stacks.stream().distinct().count(), "one line per stack");
    }
}
