package io.s3workload.s3.paths;

import io.s3workload.s3.ClientSetupException;
import io.s3workload.s3.http.TlsSockets;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.Tls;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

/** The trust an endpoint's {@code tls:} asks for, as the JDK's TLS stack takes it (the http and sync clients). */
public final class TlsContexts {

    private TlsContexts() {
    }

    /**
     * Trust managers for {@code endpoint}: the JDK's (its cacerts, or what {@code javax.net.ssl.trustStore} names);
     * those plus the certificates of {@code tls.caCert}; or one that accepts every certificate ({@code insecure}).
     */
    public static TrustManager[] trustManagers(EndpointSpec endpoint) {
        Tls tls = endpoint.tls();
        return trustManagers(endpoint, tls.caCert().map(List::of).orElse(List.of()), "tls.caCert");
    }

    /**
     * Trust managers for the SDK client beside {@code client: crt} (its bucket checks, listings, multipart
     * administration): the JDK's and the operating system's CA bundle, which the CRT trusts, so that it never refuses
     * a server the CRT accepts.
     */
    static TrustManager[] withOsStore(EndpointSpec endpoint) {
        return trustManagers(endpoint, CrtHandshakeCheck.BUNDLES.stream().filter(Files::isReadable).limit(1)
                .toList(), CrtHandshakeCheck.OS_STORE);
    }

    /** The JDK's trust managers plus the certificates of {@code pems} ({@code what} names them in errors). */
    private static TrustManager[] trustManagers(EndpointSpec endpoint, List<Path> pems, String what) {
        if (endpoint.tls().insecure()) {
            return new TrustManager[] {new TrustAll()};
        }
        try {
            TrustManagerFactory system = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            system.init((KeyStore) null);
            if (pems.isEmpty()) {
                return system.getTrustManagers();
            }
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int n = 0;
            for (TrustManager manager : system.getTrustManagers()) {
                if (manager instanceof X509TrustManager x509) {
                    for (X509Certificate ca : x509.getAcceptedIssuers()) {
                        store.setCertificateEntry("system-" + n++, ca);
                    }
                }
            }
            for (Path pem : pems) {
                Collection<? extends Certificate> given;
                try (InputStream in = Files.newInputStream(pem)) {
                    given = CertificateFactory.getInstance("X.509").generateCertificates(in);
                }
                if (given.isEmpty()) {
                    throw new ClientSetupException("endpoint '" + endpoint.name() + "': " + what + " " + pem
                            + " holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)");
                }
                for (Certificate ca : given) {
                    store.setCertificateEntry("given-" + n++, ca);
                }
            }
            TrustManagerFactory both = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            both.init(store);
            return both.getTrustManagers();
        } catch (IOException | GeneralSecurityException e) {
            throw new ClientSetupException("endpoint '" + endpoint.name() + "': cannot read " + what + " "
                    + String.join(", ", pems.stream().map(Path::toString).toList()) + ": " + e.getMessage());
        }
    }

    /** An SSL context over {@link #trustManagers}. */
    public static SSLContext context(EndpointSpec endpoint) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trustManagers(endpoint), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new ClientSetupException("endpoint '" + endpoint.name() + "': TLS: " + e.getMessage());
        }
    }

    /** TLS for the lean client's connections to {@code endpoint}, or null for an http endpoint. */
    public static TlsSockets sockets(EndpointSpec endpoint) {
        if (!"https".equalsIgnoreCase(endpoint.url().getScheme())) {
            return null;
        }
        return new TlsSockets(context(endpoint).getSocketFactory(), !endpoint.tls().insecure());
    }

    /** {@code tls.insecure: true}: every certificate, any host name. */
    private static final class TrustAll extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
