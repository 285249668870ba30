package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.result.RunResult;
import io.s3workload.testing.TestS3;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The checks before a run: each failure is one clear sentence (exit code 3 in the CLI), never a stack trace. */
class PreflightTest {

    private static final String PUT = """
            stages:
              - {name: put, kind: put, sizes: [1KiB], objects: 1}
            """;
    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("exists");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    @Test
    void aClosedPortIsUnreachable() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        var plan = s3.plan("bucket: exists\n" + PUT, "a", "b", "http://127.0.0.1:" + port);
        var e = assertThrows(EndpointUnavailableException.class, () -> new Engine(plan, List.of()).run());
        assertTrue(e.getMessage().contains("is unreachable: connection refused"), e.getMessage());
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    }

    @Test
    void wrongCredentialsAreRefusedWithoutPrintingThem() throws Exception {
        var plan = s3.plan("bucket: exists\n" + PUT, "AKIAWRONGKEY", "wrongSecretValue", s3.endpoint().toString());
        var e = assertThrows(EndpointUnavailableException.class, () -> new Engine(plan, List.of()).run());
        assertTrue(e.getMessage().contains("refused the credentials (HTTP 403"), e.getMessage());
        assertTrue(!e.getMessage().contains("wrongSecretValue") && !e.getMessage().contains("AKIAWRONGKEY"));
    }

    @Test
    void aMissingBucketIsAnErrorUnlessTheWorkloadMayCreateIt() throws Exception {
        var e = assertThrows(EndpointUnavailableException.class,
                () -> new Engine(s3.plan("bucket: missing-bucket\n" + PUT), List.of()).run());
        assertTrue(e.getMessage().contains("bucket 'missing-bucket' does not exist"), e.getMessage());
        assertTrue(e.getMessage().contains("createBucket: true"), e.getMessage());

        RunResult result = new Engine(s3.plan("bucket: missing-bucket\ncreateBucket: true\n" + PUT), List.of()).run();
        assertEquals(0, result.exitCode());
        assertEquals(1, result.cleanup().removed());
    }

    /** A front that answers HeadBucket itself, bodiless, with {@code status}: what some servers do. */
    private static io.s3workload.testing.HttpFront headBucketAnswers(int status) {
        return io.s3workload.testing.HttpFront.start(s3.endpoint(), new io.s3workload.testing.HttpFront.Interceptor() {
            @Override
            public io.s3workload.testing.HttpFront.Response before(io.s3workload.testing.HttpFront.Request request) {
                return request.method().equals("HEAD") && request.key().isEmpty()
                        ? new io.s3workload.testing.HttpFront.Response(status, "Refused", List.of(), new byte[0])
                        : null;
            }
        });
    }

    @Test
    void aHead404IsNotCalledAMissingBucketUnlessTheServerSaysNoSuchBucket() throws Exception {
        // versitygw answers HeadBucket with an unknown access key with a bare 404
        try (var front = headBucketAnswers(404)) {
            var plan = s3.plan("bucket: exists\n" + PUT, "AKIAWRONGKEY", "wrongSecretValue",
                    front.endpoint().toString());
            var e = assertThrows(EndpointUnavailableException.class, () -> new Engine(plan, List.of()).run());
            assertTrue(e.getMessage().contains("refused the credentials (HTTP 403"), e.getMessage());
            assertTrue(!e.getMessage().contains("does not exist"), e.getMessage());

            var missing = assertThrows(EndpointUnavailableException.class, () -> new Engine(s3.plan(
                    "bucket: never-made\n" + PUT, s3.server().accessKey(), s3.server().secretKey(),
                    front.endpoint().toString()), List.of()).run());
            assertTrue(missing.getMessage().contains("bucket 'never-made' does not exist"), missing.getMessage());
        }
    }

    @Test
    void aServerWithoutHeadBucketPassesTheCheckWhenItListsTheBucket() throws Exception {
        try (var front = headBucketAnswers(501)) {
            RunResult result = new Engine(s3.plan("bucket: exists\n" + PUT, s3.server().accessKey(),
                    s3.server().secretKey(), front.endpoint().toString()), List.of()).run();
            assertEquals(0, result.exitCode());
            assertEquals(1, result.stages().get(0).cells().get(0).operations());
        }
    }

    /**
     * A front that, like AWS and MinIO for a bucket in eu-west-1, refuses every request signed for another region:
     * a HEAD with a bare 400 and x-amz-bucket-region, the rest with AuthorizationHeaderMalformed naming the region.
     */
    private static io.s3workload.testing.HttpFront bucketIn(String region, java.util.concurrent.atomic.AtomicInteger
            refused) {
        return io.s3workload.testing.HttpFront.start(s3.endpoint(), new io.s3workload.testing.HttpFront.Interceptor() {
            @Override
            public io.s3workload.testing.HttpFront.Response before(io.s3workload.testing.HttpFront.Request request) {
                String auth = request.headers().stream().filter(h -> h.name().equalsIgnoreCase("Authorization"))
                        .map(io.s3workload.testing.HttpFront.Header::value).findFirst().orElse("");
                java.util.regex.Matcher signed = java.util.regex.Pattern.compile("Credential=[^/]+/\\d+/([^/]+)/")
                        .matcher(auth);
                if (!signed.find() || signed.group(1).equals(region)) {
                    return null;
                }
                refused.incrementAndGet();
                if (request.method().equals("HEAD")) {
                    return new io.s3workload.testing.HttpFront.Response(400, "Bad Request",
                            List.of(new io.s3workload.testing.HttpFront.Header("x-amz-bucket-region", region)),
                            new byte[0]);
                }
                return io.s3workload.testing.HttpFront.Response.error(400, "Bad Request",
                        "AuthorizationHeaderMalformed", "the region '" + signed.group(1) + "' is wrong; expecting '"
                                + region + "'");
            }
        });
    }

    @Test
    void withNoRegionGivenTheRunSignsForTheRegionTheServerNames() throws Exception {
        var refused = new java.util.concurrent.atomic.AtomicInteger();
        try (var front = bucketIn("eu-west-1", refused)) {
            var reporter = new io.s3workload.testing.RecordingReporter();
            RunResult result = new Engine(s3.plan("bucket: exists\n" + PUT, s3.server().accessKey(),
                    s3.server().secretKey(), front.endpoint().toString()), List.of(reporter)).run();
            assertEquals(0, result.exitCode());
            assertEquals(0, result.stages().get(0).cells().get(0).errors());
            assertEquals(2, refused.get(), "the HEAD and the listing of the bucket check, then nothing");
            assertTrue(reporter.notes.stream().anyMatch(n -> n.contains("signs for region eu-west-1")),
                    reporter.notes.toString());
            assertEquals("eu-west-1", reporter.run.plan().endpoints().get("s3").region());
        }
    }

    @Test
    void aRegionGivenWrongIsAnErrorNamingTheRegionSentAndTheRegionExpected() throws Exception {
        try (var front = bucketIn("eu-west-1", new java.util.concurrent.atomic.AtomicInteger())) {
            var plan = s3.plan("bucket: exists\n" + PUT,
                    s3.server().accessKey(), s3.server().secretKey(), front.endpoint().toString());
            var given = plan.withEndpoint(plan.endpoints().get("s3")
                    .withRegion("auto", io.s3workload.workload.endpoints.EndpointSpec.REGION_GIVEN));
            var e = assertThrows(EndpointUnavailableException.class, () -> new Engine(given, List.of()).run());
            assertTrue(e.getMessage().contains("signs requests for region 'auto' (as the workload's region: says),"
                    + " but the server says bucket 'exists' is in 'eu-west-1'"), e.getMessage());
            assertTrue(e.getMessage().contains("Set region: eu-west-1"), e.getMessage());
        }
    }
}
