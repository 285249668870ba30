package io.s3workload.s3.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A plain connection's read timeout without the socket's: its reads are untimed system calls (no SO_TIMEOUT, whose
 * every read costs four fcntl and a poll, or a timed park on a virtual thread), and a deadline watched from another
 * thread ends a read that waits too long. The server here is a loopback socket that answers late or never.
 */
class Http1ConnectionTest {

    private static final int TIMEOUT_MILLIS = 300;

    @Test
    void aHeadThatNeverComesTimesOutWithoutTheSocketsTimeout() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
             Http1Connection connection = open(server);
             Socket accepted = server.accept()) {
            connection.begin("GET", "/bucket/key");
            connection.send(null);
            long began = System.nanoTime();
            SocketTimeoutException e = assertThrows(SocketTimeoutException.class, () -> connection.readHead(true));
            long millis = (System.nanoTime() - began) / 1_000_000;
            assertTrue(millis >= TIMEOUT_MILLIS && millis < TIMEOUT_MILLIS + 10 * ReadDeadlines.PERIOD_MILLIS,
                    "timed out after " + millis + " ms: " + e);
            assertFalse(connection.reusable(), "a timed-out connection is not used again");
        }
    }

    @Test
    void aReadThatEndsBeforeItsDeadlineIsNotCutShort() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
             Http1Connection connection = open(server);
             Socket accepted = server.accept()) {
            for (int request = 0; request < 3; request++) {
                connection.begin("GET", "/bucket/key");
                connection.send(null);
                Thread.sleep(TIMEOUT_MILLIS / 2); // half the timeout, three times: each read has its own deadline
                OutputStream out = accepted.getOutputStream();
                out.write("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                assertEquals(200, connection.readHead(true).status());
                byte[] body = new byte[5];
                int n = 0;
                while (n < body.length) {
                    n += connection.readBody(body, n, body.length - n);
                }
                assertEquals("hello", new String(body, StandardCharsets.US_ASCII));
                assertTrue(connection.reusable());
                accepted.getInputStream().skip(accepted.getInputStream().available());
            }
        }
    }

    @Test
    void aPlainConnectionsSocketHasNoReadTimeoutOfItsOwn() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
             Http1Connection connection = open(server)) {
            assertEquals(0, connection.socketTimeoutMillis());
        }
    }

    private static Http1Connection open(ServerSocket server) throws Exception {
        return Http1Dialer.open(server.getInetAddress().getHostAddress(), server.getLocalPort(), null, null, 1000,
                TIMEOUT_MILLIS, 0);
    }
}
