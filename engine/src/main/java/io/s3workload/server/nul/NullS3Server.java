package io.s3workload.server.nul;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An S3 endpoint that stores nothing: it accepts and discards uploads, answers GETs with a fixed byte pattern of
 * the size the key names, and lists a synthetic set of keys. With no storage behind it, it measures the client and
 * the loopback alone, like iperf for S3 clients. Plain blocking sockets, one virtual thread per connection,
 * HTTP/1.1 keep-alive; signatures are not checked.
 */
public final class NullS3Server implements AutoCloseable {

    private final ServerSocket socket;
    private final NullS3Settings settings;
    private final ExecutorService connections = Executors.newVirtualThreadPerTaskExecutor();
    private final Thread acceptor;

    private NullS3Server(ServerSocket socket, NullS3Settings settings) {
        this.socket = socket;
        this.settings = settings;
        this.acceptor = Thread.ofPlatform().daemon().name("null-s3-accept").start(this::accept);
    }

    /** Listens on {@code port} of 127.0.0.1 (0: a free port). */
    public static NullS3Server start(int port, NullS3Settings settings) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        return new NullS3Server(socket, settings);
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort());
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                client.setTcpNoDelay(true);
                connections.execute(() -> new NullConnection(client, settings).serve());
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
            }
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
            acceptor.join(1000);
        } catch (IOException | InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        connections.shutdownNow();
    }
}
