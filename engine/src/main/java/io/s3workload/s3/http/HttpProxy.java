package io.s3workload.s3.http;

import io.s3workload.workload.endpoints.Proxies;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A forward proxy for the lean client: https origins through a {@code CONNECT} tunnel (TLS end to end), http ones
 * with absolute-form request targets. {@code authorization} is the {@code Proxy-Authorization} value, or null.
 */
public record HttpProxy(String host, int port, String authorization) {

    /** From a proxy URL such as {@code http://user:password@proxy:3128}. */
    public static HttpProxy of(URI proxy) {
        String authorization = Proxies.user(proxy).map(user -> "Basic " + Base64.getEncoder()
                .encodeToString((user.getKey() + ":" + user.getValue()).getBytes(StandardCharsets.UTF_8)))
                .orElse(null);
        return new HttpProxy(proxy.getHost(), proxy.getPort() >= 0 ? proxy.getPort() : 80, authorization);
    }

    /** Asks the proxy, on {@code socket}, for a tunnel to {@code host:port}; fails unless it answers 2xx. */
    void tunnel(Socket socket, String originHost, int originPort) throws IOException {
        String target = originHost + ":" + originPort;
        StringBuilder request = new StringBuilder("CONNECT ").append(target).append(" HTTP/1.1\r\nHost: ")
                .append(target).append("\r\n");
        if (authorization != null) {
            request.append("Proxy-Authorization: ").append(authorization).append("\r\n");
        }
        request.append("\r\n");
        OutputStream out = socket.getOutputStream();
        out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) { // up to the blank line; nothing of the tunnel follows before the client speaks
            int b = in.read();
            if (b < 0) {
                throw new IOException("the proxy " + host + ":" + port + " closed the connection on CONNECT " + target);
            }
            head.write(b);
            matched = (b == '\r' || b == '\n') && "\r\n\r\n".charAt(matched) == b ? matched + 1 : b == '\r' ? 1 : 0;
        }
        String status = head.toString(StandardCharsets.ISO_8859_1).lines().findFirst().orElse("");
        String[] parts = status.split(" ", 3);
        if (parts.length < 2 || !parts[1].startsWith("2")) {
            throw new IOException("the proxy " + host + ":" + port + " refused CONNECT " + target + ": " + status);
        }
    }
}
