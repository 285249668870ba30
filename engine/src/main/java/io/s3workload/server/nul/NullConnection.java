package io.s3workload.server.nul;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One client connection of the null server: reads requests (request line, headers, body discarded) and answers
 * them until the client closes. Everything it reuses (read buffer, header bytes) lives as long as the connection.
 */
final class NullConnection {

    private static final int PATTERN_BYTES = 1024 * 1024;
    private static final byte[] PATTERN = pattern();
    private static final int MAX_HEAD = 16 * 1024;

    private final Socket socket;
    private final NullS3Settings settings;
    private final byte[] head = new byte[MAX_HEAD];
    private final byte[] discard = new byte[64 * 1024];

    NullConnection(Socket socket, NullS3Settings settings) {
        this.socket = socket;
        this.settings = settings;
    }

    void serve() {
        try (socket;
             InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
             OutputStream out = socket.getOutputStream()) {
            NullRequest request;
            while ((request = readHead(in)) != null) {
                if (request.expectContinue()) {
                    out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
                skipBody(in, request);
                NullRoutes.answer(request, settings, new Responder(out));
                out.flush();
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    /** Reads up to the blank line after the headers; null at end of stream. */
    private NullRequest readHead(InputStream in) throws IOException {
        int length = 0;
        int b;
        while ((b = in.read()) >= 0) {
            if (length == MAX_HEAD) {
                throw new IOException("request head too large");
            }
            head[length++] = (byte) b;
            if (length >= 4 && head[length - 1] == '\n' && head[length - 2] == '\r' && head[length - 3] == '\n'
                    && head[length - 4] == '\r') {
                return NullRequest.parse(head, length);
            }
        }
        return null;
    }

    private void skipBody(InputStream in, NullRequest request) throws IOException {
        if (request.chunked()) {
            skipChunked(in);
            return;
        }
        long remaining = request.contentLength();
        while (remaining > 0) {
            int n = in.read(discard, 0, (int) Math.min(discard.length, remaining));
            if (n < 0) {
                throw new IOException("body ended early");
            }
            remaining -= n;
        }
    }

    private void skipChunked(InputStream in) throws IOException {
        while (true) {
            StringBuilder size = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                if (b != '\r') {
                    size.append((char) b);
                }
            }
            int semicolon = size.indexOf(";");
            long chunk = Long.parseLong((semicolon >= 0 ? size.substring(0, semicolon) : size.toString()).trim(), 16);
            if (chunk == 0) {
                while ((b = in.read()) >= 0) {
                    if (b == '\n' && readLineIsEmpty(in)) {
                        return;
                    }
                }
                return;
            }
            in.skipNBytes(chunk + 2);
        }
    }

    private static boolean readLineIsEmpty(InputStream in) throws IOException {
        int b = in.read();
        if (b == '\r') {
            in.read();
            return true;
        }
        return b == '\n' || b < 0;
    }

    private static byte[] pattern() {
        byte[] bytes = new byte[PATTERN_BYTES];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + (i >>> 8));
        }
        return bytes;
    }

    /** Writes responses: status, headers and a body of text or of the pattern. */
    static final class Responder {

        private final OutputStream out;

        Responder(OutputStream out) {
            this.out = out;
        }

        void send(int status, String reason, String headers, byte[] body) throws IOException {
            out.write(("HTTP/1.1 " + status + " " + reason + "\r\nContent-Length: " + body.length
                    + "\r\nx-amz-request-id: 0\r\n" + headers + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
        }

        /** Headers announcing {@code length} bytes, then (unless {@code headOnly}) that many pattern bytes. */
        void sendPattern(int status, String reason, String headers, long length, boolean headOnly) throws IOException {
            out.write(("HTTP/1.1 " + status + " " + reason + "\r\nContent-Length: " + length
                    + "\r\nContent-Type: application/octet-stream\r\nx-amz-request-id: 0\r\n" + headers + "\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            if (headOnly) {
                return;
            }
            long remaining = length;
            while (remaining > 0) {
                int n = (int) Math.min(remaining, PATTERN_BYTES);
                out.write(PATTERN, 0, n);
                remaining -= n;
            }
        }
    }
}
