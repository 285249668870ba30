package io.s3workload.s3.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;

/** Opens {@link Http1Connection}s: the TCP connection, its socket options, a proxy's tunnel, TLS. */
final class Http1Dialer {

    private Http1Dialer() {
    }

    /**
     * Opens a connection to {@code host:port}, over TLS when {@code tls} is given, through {@code proxy} when it is
     * not null (a tunnel for TLS; absolute-form request targets for plain HTTP).
     */
    static Http1Connection open(String host, int port, TlsSockets tls, HttpProxy proxy, int connectTimeoutMillis,
                                int readTimeoutMillis,
                                int socketBufferBytes) throws IOException {
        // A channel's socket, not a plain Socket: its blocking reads are interruptible on platform threads too (an
        // interrupt closes it), which the watchdog of timeouts.total relies on.
        SocketChannel channel = SocketChannel.open();
        Socket socket = channel.socket();
        try {
            socket.setTcpNoDelay(true);
            socket.setKeepAlive(true);
            if (socketBufferBytes > 0) {
                socket.setReceiveBufferSize(socketBufferBytes);
                socket.setSendBufferSize(socketBufferBytes);
            }
            socket.connect(proxy == null ? new InetSocketAddress(host, port)
                    : new InetSocketAddress(proxy.host(), proxy.port()), connectTimeoutMillis);
            // a plain connection's reads are timed by Http1Connection's deadlines, which cost no system calls
            socket.setSoTimeout(tls != null ? readTimeoutMillis : 0);
            if (proxy != null && tls != null) {
                proxy.tunnel(socket, host, port);
            }
            if (tls != null) {
                socket = tls.wrap(socket, host, port);
            }
            boolean forwarded = proxy != null && tls == null;
            return new Http1Connection(socket, tls != null ? null : channel, readTimeoutMillis,
                    forwarded ? "http://" + host + ":" + port : "", forwarded ? proxy.authorization() : null);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }
}
