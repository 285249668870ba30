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
}
