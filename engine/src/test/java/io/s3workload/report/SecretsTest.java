package io.s3workload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.report.plan.PlanPrinter;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunResult;
import io.s3workload.run.EndpointUnavailableException;
import io.s3workload.run.Engine;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadException;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No credential appears anywhere a run writes or prints: console, every report file, the plan, error messages.
 * Presigned URLs (whose query holds the access key id and a signature) are shown without their query.
 */
class SecretsTest {

    private static final List<String> PRESIGNED = List.of("X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token");

    @Test
    void noOutputOfARunHoldsACredentialOrAPresignedQuery(@TempDir Path out) throws Exception {
        try (TestS3 s3 = new TestS3()) {
            s3.createBucket("secrets");
            String accessKey = s3.server().accessKey();
            String secretKey = s3.server().secretKey();
            String signedLooking = s3.endpoint() + "/secrets/missing?X-Amz-Credential=" + accessKey
                    + "%2F20261121%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=" + "ab".repeat(32);
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            List<Reporter> reporters = Reporters.create(List.of("console", "csv", "json", "hdr", "html"),
                    new Reporters.Settings(new PrintStream(console, true, StandardCharsets.UTF_8), false, true,
                            new ResultsDirectory(Optional.of(out)), "test"));
            Plan plan = s3.plan("""
                    bucket: secrets
                    stages:
                      - {name: put, kind: put, size: 4KiB, objects: 6}
                      - {name: get, kind: get, from: put, operations: 12}
                      - {name: http, kind: httpGet, from: put, operations: 12, urls: ["%s"]}
                      - {name: raw, kind: readAfterWrite, iterations: 2}
                    """.formatted(signedLooking));
            RunResult result = new Engine(plan, reporters, out).run();
            assertTrue(result.stages().get(2).cells().get(0).errors() > 0, "the bogus signed URL failed");

            List<String> outputs = new ArrayList<>();
            outputs.add(console.toString(StandardCharsets.UTF_8));
            outputs.add(PlanPrinter.render(plan));
            try (Stream<Path> files = Files.walk(out)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    outputs.add(file + "\n" + Files.readString(file, StandardCharsets.ISO_8859_1));
                }
            }
            assertTrue(outputs.size() >= 7, "console, plan and the report files: " + outputs.size());
            for (String text : outputs) {
                for (String secret : List.of(accessKey, secretKey)) {
                    assertTrue(!text.contains(secret), "a credential in\n" + text);
                }
                for (String query : PRESIGNED) {
                    assertTrue(!text.contains(query), query + " in\n" + text);
                }
            }
        }
    }

    @Test
    void thePlanAndEveryErrorLeaveCredentialsOut() throws Exception {
        String accessKey = "AKIAIOSFODNN7SECRETS";
        String secretKey = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYSECRETKEY";
        String token = "FwoGZXIvYXdzEXAMPLESESSIONTOKEN";
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String yaml = """
                endpoints:
                  s3: {url: "http://127.0.0.1:%d", credentials: {accessKey: %s, secretKey: "%s", sessionToken: %s}}
                bucket: secrets
                stages: [{name: put, kind: put, size: 1KiB, objects: 1}]
                """.formatted(port, accessKey, secretKey, token);
        Plan plan = Planner.plan(WorkloadLoader.plain().parse("s.yaml", yaml));
        List<String> outputs = new ArrayList<>(List.of(PlanPrinter.render(plan), plan.toString()));
        EndpointUnavailableException down = assertThrows(EndpointUnavailableException.class,
                () -> new Engine(plan, List.of()).run());
        outputs.add(down.getMessage());
        outputs.add(down.toString());
        WorkloadException badSet = assertThrows(WorkloadException.class, () -> new WorkloadLoader(Map.of(),
                List.of("endpoints.s3.credentials.secretKey=" + secretKey, "endpoints.s3.credentials.nope=1"),
                Optional.empty(), Optional.empty()).parse("s.yaml", yaml));
        outputs.add(badSet.problems().toString());
        for (String text : outputs) {
            for (String secret : List.of(accessKey, secretKey, token)) {
                assertTrue(!text.contains(secret), "a credential in\n" + text);
            }
        }
        assertEquals(1, badSet.problems().size(), badSet.problems().toString());
    }
}
