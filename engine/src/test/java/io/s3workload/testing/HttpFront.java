package io.s3workload.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An HTTP/1.1 front on 127.0.0.1 before another server (the in-process S3 server): forwards each request
 * byte for byte (so SigV4 signatures, which cover the Host header, still verify) and lets an {@link Interceptor}
 * answer instead or rewrite the response. Test fixtures build on it: replication lag, faults. Request bodies
 * need a Content-Length (the engine never sends chunked ones); responses of any framing are read whole.
 */
public final class HttpFront implements AutoCloseable {

    /** A request as received: method, target (path and query, still encoded), headers, body. */
    public record Request(String method, String target, List<Header> headers, byte[] body) {

        public String path() {
            int q = target.indexOf('?');
            return q < 0 ? target : target.substring(0, q);
        }

        public String query() {
            int q = target.indexOf('?');
            return q < 0 ? "" : target.substring(q + 1);
        }

        /** The object key of a path-style request ({@code /bucket/key}), decoded; empty for bucket requests. */
        public Optional<String> key() {
            String path = path();
            int slash = path.indexOf('/', 1);
            if (slash < 0 || slash == path.length() - 1) {
                return Optional.empty();
            }
            return Optional.of(java.net.URLDecoder.decode(path.substring(slash + 1).replace("+", "%2B"),
                    StandardCharsets.UTF_8));
        }
    }

    public record Header(String name, String value) {
    }

    /**
     * How a response goes out: whole, or broken in one of the ways a misbehaving server or network breaks it. A
     * broken delivery ends the connection.
     */
    public enum Delivery {
        WHOLE,
        /** The connection is reset (RST) before anything is sent. */
        RESET_BEFORE_HEADERS,
        /** Headers and half the body, then a reset. */
        RESET_MID_BODY,
        /** Headers with the full Content-Length and half the body, then a clean close (FIN). */
        TRUNCATED_BODY,
        /** Nothing for {@link Response#stall}, then the whole response. */
        STALL_HEADERS,
        /** Headers and half the body, then nothing for {@link Response#stall}, then the rest. */
        STALL_BODY
    }

    /** A response; {@link #body} is the whole body, Content-Length is set from it when sent. */
    public record Response(int status, String reason, List<Header> headers, byte[] body, Delivery delivery,
                           java.time.Duration stall) {

        public Response(int status, String reason, List<Header> headers, byte[] body) {
            this(status, reason, headers, body, Delivery.WHOLE, java.time.Duration.ZERO);
        }

        /** This response, delivered as {@code how} (stalling for {@code stall} where that applies). */
        public Response delivered(Delivery how, java.time.Duration stallFor) {
            return new Response(status, reason, headers, body, how, stallFor);
        }

        public Optional<String> header(String name) {
            return headers.stream().filter(h -> h.name().equalsIgnoreCase(name)).map(Header::value).findFirst();
        }

        public Response withHeader(String name, String value) {
            List<Header> copy = new ArrayList<>(headers.stream().filter(h -> !h.name().equalsIgnoreCase(name))
                    .toList());
            copy.add(new Header(name, value));
            return new Response(status, reason, copy, body, delivery, stall);
        }

        public Response withBody(byte[] newBody) {
            return new Response(status, reason, headers, newBody, delivery, stall);
        }

        /** An S3-style XML error, e.g. 404 NoSuchKey. */
        public static Response error(int status, String reason, String code, String message) {
            byte[] xml = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code + "</Code><Message>"
                    + message + "</Message></Error>").getBytes(StandardCharsets.UTF_8);
            return new Response(status, reason, List.of(new Header("Content-Type", "application/xml")), xml);
        }
    }

    /** Decides, per request, whether to forward and what to send back. */
    public interface Interceptor {

        /** A response to send instead of forwarding the request, or null to forward it. */
        default Response before(Request request) {
            return null;
        }

        /** The response to send, given the upstream's. */
        default Response after(Request request, Response upstream) {
            return upstream;
        }

        /**
         * How many times to send the request upstream (a proxy that retries: the server sees it again, the client
         * gets the last answer).
         */
        default int sendTimes(Request request) {
            return 1;
        }
    }

    private final ServerSocket listener;
    private final URI upstream;
    private final Interceptor interceptor;
    private final Thread acceptor;

    /** The connections open now, closed with the front (a server that goes away drops them). */
    private final java.util.Set<Socket> open = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private HttpFront(URI upstream, Interceptor interceptor, int port) throws IOException {
        this.listener = new ServerSocket();
        listener.setReuseAddress(true);
        listener.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
        this.upstream = upstream;
        this.interceptor = interceptor;
        this.acceptor = Thread.ofVirtual().name("http-front").start(this::accept);
    }

    public static HttpFront start(URI upstream, Interceptor interceptor) {
        return start(upstream, interceptor, 0);
    }

    /** A front on {@code port} of 127.0.0.1 (0: any free one): to come back where a closed one was. */
    public static HttpFront start(URI upstream, Interceptor interceptor, int port) {
        QuickTier.refuse("a front before an S3 server");
        try {
            return new HttpFront(upstream, interceptor, port);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Thread.ofVirtual().name("http-front-conn").start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        open.add(client);
        try (client; Socket server = new Socket(upstream.getHost(), upstream.getPort())) {
            client.setTcpNoDelay(true);
            server.setTcpNoDelay(true);
            InputStream fromClient = new BufferedInputStream(client.getInputStream());
            OutputStream toClient = new java.io.BufferedOutputStream(client.getOutputStream(), 64 * 1024);
            InputStream fromServer = new BufferedInputStream(server.getInputStream());
            OutputStream toServer = new java.io.BufferedOutputStream(server.getOutputStream(), 64 * 1024);
            while (true) {
                byte[] head = readHead(fromClient);
                if (head == null) {
                    return;
                }
                byte[] asSent = head;
                if (expectsContinue(head)) {
                    // the client waits for this before sending the body; the server is not asked to send it
                    toClient.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    toClient.flush();
                    head = withoutExpect(head);
                }
                // the interceptor sees the request as the client sent it (Expect included), the server without Expect
                Request request = parseRequest(asSent, fromClient);
                Response response = interceptor.before(request);
                if (response == null) {
                    Response upstreamResponse = null;
                    for (int sent = 0, times = Math.max(1, interceptor.sendTimes(request)); sent < times; sent++) {
                        toServer.write(head);
                        toServer.write(request.body());
                        toServer.flush();
                        upstreamResponse = readResponse(fromServer, request.method());
                        if (upstreamResponse == null) {
                            return;
                        }
                    }
                    response = interceptor.after(request, upstreamResponse);
                }
                if (!write(client, toClient, request.method(), response)) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client or the server closed the connection
        } finally {
            open.remove(client);
        }
    }

    /** The request or status line and headers, through the blank line; null at end of stream. */
    private static byte[] readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == 4) {
                return head.toByteArray();
            }
        }
        return null;
    }

    private static List<String> lines(byte[] head) {
        String text = new String(head, StandardCharsets.ISO_8859_1);
        return List.of(text.substring(0, text.length() - 4).split("\r\n"));
    }

    private static List<Header> headers(List<String> lines) {
        List<Header> headers = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            int colon = line.indexOf(':');
            headers.add(new Header(line.substring(0, colon).trim(), line.substring(colon + 1).trim()));
        }
        return headers;
    }

    private static boolean expectsContinue(byte[] head) {
        return find(headers(lines(head)), "Expect").map(v -> v.equalsIgnoreCase("100-continue")).orElse(false);
    }

    /** The request head without its {@code Expect} line. */
    private static byte[] withoutExpect(byte[] head) {
        String text = new String(head, StandardCharsets.ISO_8859_1);
        return text.replaceAll("(?im)^Expect:[^\r\n]*\r\n", "").getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Request parseRequest(byte[] head, InputStream in) throws IOException {
        List<String> lines = lines(head);
        String[] requestLine = lines.get(0).split(" ");
        List<Header> headers = headers(lines);
        if (find(headers, "Transfer-Encoding").isPresent()) {
            throw new IOException("chunked request bodies are not supported by this fixture");
        }
        long length = find(headers, "Content-Length").map(Long::parseLong).orElse(0L);
        return new Request(requestLine[0], requestLine[1], headers, in.readNBytes((int) length));
    }

    private static Response readResponse(InputStream in, String method) throws IOException {
        byte[] head = readHead(in);
        if (head == null) {
            return null;
        }
        List<String> lines = lines(head);
        String[] statusLine = lines.get(0).split(" ", 3);
        int status = Integer.parseInt(statusLine[1]);
        List<Header> headers = headers(lines);
        byte[] body;
        if (method.equals("HEAD") || status == 204 || status == 304 || status < 200) {
            body = new byte[0];
        } else if (find(headers, "Transfer-Encoding").map(v -> v.toLowerCase(Locale.ROOT).contains("chunked"))
                .orElse(false)) {
            body = readChunked(in);
            headers = headers.stream().filter(h -> !h.name().equalsIgnoreCase("Transfer-Encoding")).toList();
        } else {
            Optional<String> length = find(headers, "Content-Length");
            body = length.isPresent() ? in.readNBytes((int) Long.parseLong(length.get())) : in.readAllBytes();
        }
        return new Response(status, statusLine.length > 2 ? statusLine[2] : "", headers, body);
    }

    private static byte[] readChunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine(in);
            int size = Integer.parseInt(sizeLine.split(";")[0].trim(), 16);
            if (size == 0) {
                while (!readLine(in).isEmpty()) {
                    // trailers
                }
                return body.toByteArray();
            }
            body.write(in.readNBytes(size));
            readLine(in);
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    /** Sends {@code response} as its delivery says; false when the connection is over. */
    private static boolean write(Socket socket, OutputStream out, String method, Response response)
            throws IOException {
        switch (response.delivery()) {
            case RESET_BEFORE_HEADERS -> {
                reset(socket);
                return false;
            }
            case STALL_HEADERS -> sleep(response.stall());
            default -> {
            }
        }
        byte[] head = head(method, response);
        byte[] body = method.equals("HEAD") ? new byte[0] : response.body();
        int half = body.length / 2;
        out.write(head);
        switch (response.delivery()) {
            case RESET_MID_BODY -> {
                out.write(body, 0, half);
                out.flush();
                reset(socket);
                return false;
            }
            case TRUNCATED_BODY -> {
                out.write(body, 0, half);
                out.flush();
                socket.shutdownOutput();
                return false;
            }
            case STALL_BODY -> {
                out.write(body, 0, half);
                out.flush();
                sleep(response.stall());
                out.write(body, half, body.length - half);
            }
            default -> out.write(body);
        }
        out.flush();
        return true;
    }

    private static void reset(Socket socket) throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    private static void sleep(java.time.Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static byte[] head(String method, Response response) {
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(response.status()).append(' ')
                .append(response.reason()).append("\r\n");
        boolean lengthSent = false;
        for (Header h : response.headers()) {
            if (h.name().equalsIgnoreCase("Content-Length")) {
                if (method.equals("HEAD")) {
                    head.append(h.name()).append(": ").append(h.value()).append("\r\n");
                    lengthSent = true;
                }
                continue;
            }
            head.append(h.name()).append(": ").append(h.value()).append("\r\n");
        }
        if (!lengthSent) {
            head.append("Content-Length: ").append(response.body().length).append("\r\n");
        }
        head.append("\r\n");
        return head.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Optional<String> find(List<Header> headers, String name) {
        return headers.stream().filter(h -> h.name().equalsIgnoreCase(name)).map(Header::value).findFirst();
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // closing anyway
        }
        acceptor.interrupt();
        for (Socket connection : open) {
            try {
                connection.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
