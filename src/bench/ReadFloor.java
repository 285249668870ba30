import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Random;

/**
 * The floor under a GET's client CPU: a plain loop reading bytes from a loopback socket into one buffer and forgetting
 * them, nothing else (no HTTP, no signing, no recording). Run by src/bench/read-floor.sh, which measures this
 * process's CPU from outside; the sender is another process, so its CPU is not counted.
 *
 * <pre>
 *   java ReadFloor send PORT              serves the same 1 MiB of random bytes, endlessly, to each connection
 *   java ReadFloor read PORT direct|heap  reads from 16 connections: into one direct buffer per connection through
 *                                         the socket's channel (one copy, kernel to buffer), or into a heap array
 *                                         through its stream (the JDK copies through a direct buffer: two copies)
 * </pre>
 */
public final class ReadFloor {

    private static final int CONNECTIONS = 16;
    private static final int BUFFER = 64 * 1024;

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("send")) {
            send(port);
        } else {
            read(port, args[2].equals("direct"));
        }
    }

    private static void send(int port) throws Exception {
        byte[] body = new byte[1 << 20];
        new Random(1).nextBytes(body);
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress("127.0.0.1", port));
            while (true) {
                Socket s = server.accept();
                Thread.ofPlatform().daemon().start(() -> {
                    try (OutputStream out = s.getOutputStream()) {
                        while (true) {
                            out.write(body);
                        }
                    } catch (Exception e) {
                        // the reader went away
                    }
                });
            }
        }
    }

    private static void read(int port, boolean direct) throws Exception {
        Thread[] readers = new Thread[CONNECTIONS];
        for (int i = 0; i < CONNECTIONS; i++) {
            readers[i] = Thread.ofPlatform().start(() -> {
                try (SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", port))) {
                    long total = 0;
                    if (direct) {
                        ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER);
                        while (true) {
                            buffer.clear();
                            int n = channel.read(buffer);
                            if (n < 0) {
                                break;
                            }
                            total += n;
                        }
                    } else {
                        byte[] buffer = new byte[BUFFER];
                        InputStream in = channel.socket().getInputStream();
                        int n;
                        while ((n = in.read(buffer)) >= 0) {
                            total += n;
                        }
                    }
                    System.out.println(total);
                } catch (Exception e) {
                    System.err.println(e);
                }
            });
        }
        for (Thread t : readers) {
            t.join();
        }
    }
}
