package io.s3workload.s3.http;

import java.io.IOException;
import java.net.Socket;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * TLS over a connected socket: the trust of {@code factory}, and the server's name checked against its certificate
 * as HTTPS does (unless {@code verifyHostName} is off: {@code tls.insecure}). The handshake happens at once, so its
 * failure is the connection's, not the first request's.
 */
public record TlsSockets(SSLSocketFactory factory, boolean verifyHostName) {

    Socket wrap(Socket plain, String host, int port) throws IOException {
        SSLSocket socket = (SSLSocket) factory.createSocket(plain, host, port, true);
        if (verifyHostName) {
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            socket.setSSLParameters(parameters);
        }
        socket.startHandshake();
        return socket;
    }
}
