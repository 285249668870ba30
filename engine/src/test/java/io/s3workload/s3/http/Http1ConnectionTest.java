package io.s3workload.s3.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
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
    /**
     * How late a timeout may fire here: the watcher's slack and a busy machine's scheduling, far more than that (how
     * soon it fires on a quiet machine is measured by src/bench, not asserted). A read with no watcher never ends.
     */
    private static final long LATE_MILLIS = ReadDeadlines.SLACK_MILLIS + 2_000;

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
            assertTrue(millis >= TIMEOUT_MILLIS && millis < TIMEOUT_MILLIS + LATE_MILLIS,
                    "timed out after " + millis + " ms: " + e);
            assertFalse(connection.reusable(), "a timed-out connection is not used again");
        }
    }

    @Test
    void aShorterTimeoutArmedLaterStillFiresOnTime() throws Exception {
        // the watcher sleeps until the earliest deadline of the reads under way: a read due sooner must wake it
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
             Http1Connection slow = open(server, 5_000);
             Socket slowAccepted = server.accept()) {
            slow.begin("GET", "/bucket/slow");
            slow.send(null);
            Thread reading = Thread.ofVirtual().start(() -> {
                try {
                    slow.readHead(true); // waits: nothing is sent on it, until the test closes it
                } catch (IOException ignored) {
                    // closed at the end of the test
                }
            });
            Thread.sleep(100); // the watcher now sleeps toward the slow read's deadline, 5 s away
            int quickMillis = 150;
            try (Http1Connection quick = open(server, quickMillis);
                 Socket quickAccepted = server.accept()) {
                quick.begin("GET", "/bucket/quick");
                quick.send(null);
                long began = System.nanoTime();
                assertThrows(SocketTimeoutException.class, () -> quick.readHead(true));
                long millis = (System.nanoTime() - began) / 1_000_000;
                // the watcher was asleep toward the slow read's deadline, 5 s away: the quick one woke it
                assertTrue(millis >= quickMillis && millis < quickMillis + LATE_MILLIS, "timed out after " + millis
                        + " ms");
            }
            slow.close();
            reading.join(10_000);
        }
    }

    @Test
    void aReadThatEndsBeforeItsDeadlineIsNotCutShort() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
             Http1Connection connection = open(server, 3_000);
             Socket accepted = server.accept()) {
            for (int request = 0; request < 3; request++) {
                connection.begin("GET", "/bucket/key");
                connection.send(null);
                // a third of the timeout, three times: each read has its own deadline (the answer's own delay on a
                // busy machine has the other two thirds)
                Thread.sleep(1_000);
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

    /**
     * A body over 64 KiB goes to a plain socket in pieces made in the connection's direct buffer, the first carrying
     * the head: whatever the head's length (and with a head too long to share the first write), the server gets the
     * head and then every byte of the body once, in order, and the body is asked for in pieces that tile it.
     */
    @Test
    void aLargeBodyGoesOutWholeAndInOrderWhateverTheHeadsLength() throws Exception {
        int bodyLength = 200 * 1024 + 123;
        for (int extra : new int[] {0, 1, 3, 7, 8, 31, 63, 64, 20_000}) {
            java.util.List<long[]> pieces = new java.util.ArrayList<>();
            RequestBody body = new RequestBody() {
                @Override
                public long length() {
                    return bodyLength;
                }

                @Override
                public void fill(long position, byte[] out, int off, int len) {
                    pieces.add(new long[] {position, len});
                    for (int i = 0; i < len; i++) {
                        out[off + i] = bodyByte(position + i);
                    }
                }
            };
            try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
                 Http1Connection connection = open(server);
                 Socket accepted = server.accept()) {
                connection.begin("PUT", "/bucket/" + "k".repeat(Math.min(extra, 64)));
                connection.header("X-Padding", "p".repeat(extra > 64 ? extra : 0));
                connection.header("Content-Length", bodyLength);
                accepted.setSoTimeout(10_000); // a body cut short fails the test rather than hanging it
                Thread sender = Thread.ofVirtual().start(() -> {
                    try {
                        connection.send(body);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                int headLength = headLength(extra, bodyLength);
                byte[] received = accepted.getInputStream().readNBytes(headLength + bodyLength);
                sender.join();
                String head = new String(received, 0, headLength, StandardCharsets.US_ASCII);
                assertTrue(head.startsWith("PUT /bucket/") && head.endsWith("\r\n\r\n"), "head " + extra + ": " + head);
                for (int i = 0; i < bodyLength; i++) {
                    int at = headLength + i;
                    if (received[at] != bodyByte(i)) {
                        throw new AssertionError("head " + extra + ": body byte " + i + " is " + received[at]
                                + ", not " + bodyByte(i));
                    }
                }
                long next = 0;
                for (long[] piece : pieces) {
                    assertEquals(next, piece[0], "head " + extra + ": a piece from body byte " + piece[0]);
                    next = piece[0] + piece[1];
                }
                assertEquals(bodyLength, next, "head " + extra);
            }
        }
    }

    private static byte bodyByte(long position) {
        return (byte) (position * 0x9E3779B1L >>> 13);
    }

    /** The length of the head {@link #aLargeBodyGoesOutWholeAndInOrderWhateverTheHeadsLength} sends. */
    private static int headLength(int extra, int bodyLength) {
        return ("PUT /bucket/" + "k".repeat(Math.min(extra, 64)) + " HTTP/1.1\r\n"
                + "X-Padding: " + "p".repeat(extra > 64 ? extra : 0) + "\r\n"
                + "Content-Length: " + bodyLength + "\r\n\r\n").length();
    }

    private static Http1Connection open(ServerSocket server) throws Exception {
        return open(server, TIMEOUT_MILLIS);
    }

    private static Http1Connection open(ServerSocket server, int timeoutMillis) throws Exception {
        return Http1Dialer.open(server.getInetAddress().getHostAddress(), server.getLocalPort(), null, null, 1000,
                timeoutMillis, 0);
    }
}
