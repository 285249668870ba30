package io.s3workload.s3.paths;

import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.StoreException;
import io.s3workload.workload.endpoints.EndpointSpec;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * The CRT client's TLS failures are slow and say nothing: s2n, under it, waits 10 to 30 s after a failed handshake
 * before closing (its "blinding" against timing attacks), the CRT repeats the attempt once, and all it reports is
 * "TLS (SSL) negotiation failed" — about 40 s for an untrusted certificate. So before the bucket check this shakes
 * hands with the JDK, trusting what the CRT trusts on Linux (the operating system's CA bundle, found where the CRT
 * looks for it) and checking the host name it connects to (the bucket's, with virtual-host addressing): a
 * certificate refused as untrusted, for another name or out of its dates is reported at once, with that reason.
 * Anything else (no bundle, a refused connection, a protocol the JDK lacks) is left to the CRT, so this never fails
 * an endpoint the CRT would have accepted for reasons of its own.
 */
public record CrtHandshakeCheck(String endpointName, String host, int port, Path bundle) {

    /** Where the CRT (aws-c-io) looks for the CA bundle on Linux, in its order. */
    static final List<Path> BUNDLES = List.of(Path.of("/etc/ssl/certs/ca-certificates.crt"),
            Path.of("/etc/pki/tls/certs/ca-bundle.crt"), Path.of("/etc/ssl/ca-bundle.pem"),
            Path.of("/etc/pki/tls/cacert.pem"), Path.of("/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem"),
            Path.of("/etc/ssl/cert.pem"));
    /** What a refusal found here says it was checked against (so the advice names the store, not Java's). */
    public static final String OS_STORE = "the operating system's CA store";
    private static final int TIMEOUT_MILLIS = 5_000;

    /**
     * The check for {@code endpoint}'s connections to {@code bucket}, or none: plain HTTP, {@code tls.insecure},
     * through a proxy (a direct connection may not be possible), not Linux (the CRT then uses the platform's own
     * store), or no bundle where the CRT looks.
     */
    static Optional<CrtHandshakeCheck> of(EndpointSpec endpoint, String bucket) {
        return of(endpoint, bucket, BUNDLES);
    }

    /** As {@link #of(EndpointSpec, String)}, with the first readable of {@code bundles} as the store. */
    static Optional<CrtHandshakeCheck> of(EndpointSpec endpoint, String bucket, List<Path> bundles) {
        if (!"https".equalsIgnoreCase(endpoint.url().getScheme()) || endpoint.tls().insecure()
                || endpoint.proxy().isPresent()
                || !System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.empty();
        }
        String host = endpoint.pathStyle() ? endpoint.url().getHost() : bucket + "." + endpoint.url().getHost();
        int port = endpoint.url().getPort() >= 0 ? endpoint.url().getPort() : 443;
        return bundles.stream().filter(Files::isReadable).findFirst()
                .map(bundle -> new CrtHandshakeCheck(endpoint.name(), host, port, bundle));
    }

    /** Shakes hands; throws the certificate's problem as a TLS failure, or returns (the CRT is left to judge). */
    public void verify() {
        SSLContext context;
        try {
            context = context();
        } catch (IOException | GeneralSecurityException e) {
            return; // a bundle the JDK cannot read: the CRT judges alone
        }
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            if (!isAddress(host)) {
                parameters.setServerNames(List.of(new SNIHostName(host)));
            }
            socket.setSSLParameters(parameters);
            socket.startHandshake();
        } catch (SSLException e) {
            String errorClass = ErrorClassifier.tlsClass(ErrorClassifier.chainText(e));
            if (!errorClass.equals(ErrorClassifier.TLS_ERROR)) {
                throw new StoreException(StoreException.Kind.UNREACHABLE, errorClass, endpointName + ": TLS: "
                        + e.getMessage() + " (checked against " + OS_STORE + " " + bundle + ", as client: crt"
                        + " checks)", null);
            }
        } catch (IOException | RuntimeException e) {
            // refused, timed out, unresolvable: the CRT's own request says so, and promptly
        }
    }

    /** The bundle a refusal found here was checked against, if {@code e} is one. */
    public static Optional<String> bundleOf(StoreException e) {
        String message = String.valueOf(e.getMessage());
        int at = message.indexOf(OS_STORE + " ");
        return at < 0 ? Optional.empty()
                : Optional.of(message.substring(at + OS_STORE.length() + 1).replaceFirst("[,)].*", ""));
    }

    private SSLContext context() throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (InputStream in = Files.newInputStream(bundle)) {
            int n = 0;
            for (Certificate ca : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("ca-" + n++, ca);
            }
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    private static boolean isAddress(String host) {
        return host.matches("[0-9.]+") || host.contains(":");
    }
}
