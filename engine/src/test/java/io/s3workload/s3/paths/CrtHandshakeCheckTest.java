package io.s3workload.s3.paths;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.StoreException;
import io.s3workload.testing.TestS3;
import io.s3workload.testing.TlsFront;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.Tls;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The JDK handshake that stands in for the CRT's slow, reason-less TLS failures: it must refuse what the CRT would
 * (an untrusted CA, another name) and pass what it would accept, the store here being a bundle holding the fronts'
 * private CA, as the operating system's would once the CA is added there.
 */
class CrtHandshakeCheckTest {

    private static TestS3 s3;
    private static TlsFront front;
    private static TlsFront otherName;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        front = new TlsFront(s3.endpoint(), "ip:127.0.0.1,dns:localhost");
        otherName = new TlsFront(s3.endpoint(), "dns:storage.example");
    }

    @AfterAll
    static void stop() throws Exception {
        front.close();
        otherName.close();
        s3.close();
    }

    private static EndpointSpec endpoint(URI url, Tls tls) {
        return new EndpointSpec("s3", url, "us-east-1", true, new CredentialsSpec.Static("a", "b", null), EndpointSpec.Compat.S3,
                tls, Optional.empty());
    }

    private static CrtHandshakeCheck check(TlsFront server, Path bundle) {
        return CrtHandshakeCheck.of(endpoint(server.endpoint(), Tls.SYSTEM), "bucket",
                List.of(Path.of("/nonexistent/bundle.pem"), bundle)).orElseThrow();
    }

    @Test
    void aCertificateFromACaInTheStorePasses() {
        assertDoesNotThrow(() -> check(front, front.caCert()).verify());
    }

    @Test
    void aCaOutsideTheStoreIsRefusedAsUntrustedNamingTheStore() {
        Path someOtherCa = otherName.caCert();
        StoreException e = assertThrows(StoreException.class, () -> check(front, someOtherCa).verify());
        assertEquals(ErrorClassifier.TLS_UNTRUSTED, e.errorClass());
        assertEquals(StoreException.Kind.UNREACHABLE, e.kind());
        assertEquals(Optional.of(someOtherCa.toString()), CrtHandshakeCheck.bundleOf(e));
    }

    @Test
    void aCertificateForAnotherNameIsRefusedEvenFromACaInTheStore() {
        StoreException e = assertThrows(StoreException.class, () -> check(otherName, otherName.caCert()).verify());
        assertEquals(ErrorClassifier.TLS_WRONG_NAME, e.errorClass());
    }

    @Test
    void whatIsNotACertificateProblemIsLeftToTheCrt() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        CrtHandshakeCheck refused = CrtHandshakeCheck.of(endpoint(URI.create("https://127.0.0.1:" + closedPort),
                Tls.SYSTEM), "bucket", List.of(front.caCert())).orElseThrow();
        assertDoesNotThrow(refused::verify);
        // a plain-HTTP server on an https URL: a protocol failure, not a certificate's
        CrtHandshakeCheck plain = CrtHandshakeCheck.of(endpoint(URI.create("https://127.0.0.1:"
                + s3.endpoint().getPort()), Tls.SYSTEM), "bucket", List.of(front.caCert())).orElseThrow();
        assertDoesNotThrow(plain::verify);
    }

    @Test
    void noCheckWhereTheCrtIsNotAskedToVerifyOrNoStoreIsFound() {
        List<Path> bundle = List.of(front.caCert());
        assertFalse(CrtHandshakeCheck.of(endpoint(s3.endpoint(), Tls.SYSTEM), "bucket", bundle).isPresent());
        assertFalse(CrtHandshakeCheck.of(endpoint(front.endpoint(), new Tls(Optional.empty(), true)), "bucket",
                bundle).isPresent());
        assertFalse(CrtHandshakeCheck.of(endpoint(front.endpoint(), Tls.SYSTEM), "bucket",
                List.of(Path.of("/nonexistent/bundle.pem"))).isPresent());
        assertTrue(CrtHandshakeCheck.of(endpoint(front.endpoint(), Tls.SYSTEM), "bucket", bundle).isPresent());
    }
}
