package io.s3workload.s3.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.s3workload.testing.QuickTier;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(QuickTier.TAG)
class RemoteAddressTest {

    /**
     * Two connections to one address name it with one instance: an ops log row's repeated fields are encoded again
     * only when what they name changes, compared as the same object, and a worker takes whichever connection is free.
     */
    @Test
    void connectionsToOneAddressShareItsName() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
             Socket a = new Socket(server.getInetAddress(), server.getLocalPort());
             Socket b = new Socket(server.getInetAddress(), server.getLocalPort())) {
            String name = RemoteAddress.of(a);
            assertEquals(server.getInetAddress().getHostAddress() + ":" + server.getLocalPort(), name);
            assertSame(name, RemoteAddress.of(b));
        }
    }
}
