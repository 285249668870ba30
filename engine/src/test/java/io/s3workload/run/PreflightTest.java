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
}
