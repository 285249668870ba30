package io.s3workload.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A forward HTTP proxy on 127.0.0.1 that sends everything to 127.0.0.1 whatever host a request names (so a test's
 * endpoint can carry a name that is not loopback, which the client would not proxy, and still stay on this
 * machine). {@code CONNECT host:port} opens a tunnel; an absolute-form request ({@code GET http://host:port/...})
 * goes to that port with the rest of the connection (the origin, Jetty, takes absolute-form targets). Records each
 * connection's first line and Proxy-Authorization.
 */
public final class ForwardProxy implements AutoCloseable {

    /** What a client asked the proxy for, and the credentials it gave. */
    public record Seen(String requestLine, String authorization) {
    }

    private final ServerSocket server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    public ForwardProxy() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket client = server.accept();
                    Thread.ofVirtual().start(() -> serve(client));
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    public List<Seen> seen() {
        return seen;
    }

    private void serve(Socket client) {
        try (client; Socket origin = new Socket()) {
            InputStream in = client.getInputStream();
            byte[] head = readHead(in);
            String text = new String(head, StandardCharsets.ISO_8859_1);
            String line = text.substring(0, text.indexOf("\r\n"));
            String authorization = text.lines().filter(l -> l.regionMatches(true, 0, "Proxy-Authorization:", 0, 20))
                    .map(l -> l.substring(20).trim()).findFirst().orElse(null);
            seen.add(new Seen(line, authorization));
            String target = line.split(" ")[1];
            boolean connect = line.startsWith("CONNECT ");
            URI uri = URI.create(connect ? "tunnel://" + target : target);
            origin.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), uri.getPort()));
            OutputStream out = client.getOutputStream();
            if (connect) {
                out.write("HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } else {
                origin.getOutputStream().write(head);
            }
            Thread back = Thread.ofVirtual().start(() -> copy(origin, client));
            copy(client, origin);
            back.join();
        } catch (IOException | InterruptedException | RuntimeException ignored) {
            // the client went away
        }
    }

    private static byte[] readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last4 = 0;
        for (int b; (b = in.read()) >= 0; ) {
            head.write(b);
            last4 = (last4 << 8) | b;
            if (last4 == 0x0d0a0d0a) {
                break;
            }
        }
        return head.toByteArray();
    }

    private static void copy(Socket from, Socket to) {
        try {
            from.getInputStream().transferTo(to.getOutputStream());
        } catch (IOException ignored) {
            // closed
        } finally {
            try {
                to.shutdownOutput();
            } catch (IOException ignored) {
                // closed
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
