package io.s3workload.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

/**
 * A TLS front on 127.0.0.1 before a plain HTTP server: a private CA made with the JDK's keytool signs a server
 * certificate for the names given (e.g. {@code ip:127.0.0.1}); each connection's bytes go through to the server
 * unchanged, so SigV4 signatures (over the Host the client sent) still verify. {@link #caCert()} is the CA as PEM.
 */
public final class TlsFront implements AutoCloseable {

    private static final String PASSWORD = "changeit";

    private final Path directory;
    private final SSLServerSocket server;
    private final InetSocketAddress upstream;
    private final Thread acceptor;

    /** @param names the certificate's subject alternative names, keytool style: {@code ip:127.0.0.1,dns:localhost} */
    public TlsFront(URI upstream, String names) {
        try {
            this.directory = Files.createTempDirectory("s3workload-tls-");
            this.upstream = new InetSocketAddress(upstream.getHost(), upstream.getPort());
            Path ca = directory.resolve("ca.p12");
            Path host = directory.resolve("server.p12");
            keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-dname", "CN=s3workload test CA",
                    "-ext", "bc:c", "-validity", "2", "-keystore", ca.toString());
            keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ca.toString(), "-file",
                    caCert().toString());
            keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-dname", "CN=s3workload test server",
                    "-validity", "2", "-keystore", host.toString());
            keytool("-certreq", "-alias", "server", "-keystore", host.toString(), "-file",
                    directory.resolve("server.csr").toString());
            keytool("-gencert", "-rfc", "-alias", "ca", "-keystore", ca.toString(), "-ext", "san=" + names,
                    "-validity", "2", "-infile", directory.resolve("server.csr").toString(), "-outfile",
                    directory.resolve("server.pem").toString());
            keytool("-importcert", "-noprompt", "-alias", "ca", "-file", caCert().toString(), "-keystore",
                    host.toString());
            keytool("-importcert", "-alias", "server", "-file", directory.resolve("server.pem").toString(),
                    "-keystore", host.toString());
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(host)) {
                keys.load(in, PASSWORD.toCharArray());
            }
            KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            managers.init(keys, PASSWORD.toCharArray());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(managers.getKeyManagers(), null, null);
            this.server = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 50,
                    InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        this.acceptor = Thread.ofVirtual().start(this::accept);
    }

    /** The CA certificate that signed the server's, as PEM. */
    public Path caCert() {
        return directory.resolve("ca.pem");
    }

    public URI endpoint() {
        return URI.create("https://127.0.0.1:" + server.getLocalPort());
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread.ofVirtual().start(() -> pipe(client));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void pipe(Socket client) {
        try (client; Socket origin = new Socket()) {
            origin.connect(upstream);
            Thread back = Thread.ofVirtual().start(() -> copy(origin, client));
            copy(client, origin);
            back.join();
        } catch (IOException | InterruptedException ignored) {
            // a handshake the client gave up on, or a connection closed: nothing to pass on
        }
    }

    private static void copy(Socket from, Socket to) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException ignored) {
            // the other side closed
        } finally {
            try {
                to.shutdownOutput();
            } catch (IOException | UnsupportedOperationException ignored) {
                // already closed (an SSL socket cannot half-close: it is closed whole by the try above)
            }
        }
    }

    private static void keytool(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        command.addAll(List.of(args));
        command.addAll(List.of("-storepass", PASSWORD, "-keypass", PASSWORD, "-storetype", "PKCS12"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IOException("keytool " + args[0] + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        acceptor.interrupt();
        try (var files = Files.walk(directory)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
