package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.result.RunResult;
import io.s3workload.s3.ClientSetupException;
import io.s3workload.testing.TestS3;
import io.s3workload.testing.TlsFront;
import io.s3workload.workload.yaml.WorkloadException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * https endpoints behind a TLS front whose certificate a private CA signed (made by keytool, on 127.0.0.1): not
 * trusted by default, with a clear error; trusted with {@code tls.caCert}; not checked with {@code tls.insecure}.
 */
class TlsTest {

    private static TestS3 s3;
    private static TlsFront front;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("tls");
        front = new TlsFront(s3.endpoint(), "ip:127.0.0.1,dns:localhost");
    }

    @AfterAll
    static void stop() throws Exception {
        front.close();
        s3.close();
    }



    private static RunResult run(String url, String client, String tls) throws Exception {
        return new Engine(s3.putThenGet("tls", url, client, tls, Map.of()), List.of()).run();
    }

    private static void assertOk(String url, String client, String tls) throws Exception {
        TestS3.assertPutThenGetOk(run(url, client, tls));
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync"})
    void aPrivateCaIsRefusedByDefaultWithTheSettingThatFixesIt(String client) {
        EndpointUnavailableException e = assertThrows(EndpointUnavailableException.class,
                () -> run(front.endpoint().toString(), client, ""));
        assertEquals("endpoint 's3' (" + front.endpoint() + ") failed the TLS handshake: untrusted certificate: the"
                + " server's certificate is not signed by a CA this Java trusts. For a private CA give its certificate:"
                + " endpoints.s3.tls: {caCert: /path/to/ca.pem} (PEM); for a test rig only, endpoints.s3.tls:"
                + " {insecure: true} (nothing is verified).", e.getMessage());
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync"})
    void theCaGivenInTlsCaCertIsTrusted(String client) throws Exception {
        assertOk(front.endpoint().toString(), client, "tls: {caCert: \"" + front.caCert() + "\"}");
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync", "crt"})
    void insecureChecksNothing(String client) throws Exception {
        assertOk(front.endpoint().toString(), client, "tls: {insecure: true}");
        // a name the certificate does not carry (localhost resolves to 127.0.0.1; the name checked is the URL's)
        assertOk("https://localhost:" + front.endpoint().getPort(), client, "tls: {insecure: true}");
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync"})
    void aCertificateForAnotherNameIsRefusedEvenFromATrustedCa(String client) throws Exception {
        try (TlsFront other = new TlsFront(s3.endpoint(), "dns:storage.example")) {
            EndpointUnavailableException e = assertThrows(EndpointUnavailableException.class,
                    () -> run(other.endpoint().toString(), client, "tls: {caCert: \"" + other.caCert() + "\"}"));
            assertTrue(e.getMessage().contains("failed the TLS handshake: certificate does not name the host: the"
                    + " certificate is not issued for 127.0.0.1."), e.getMessage());
        }
    }

    /**
     * The CRT alone takes about 40 s to fail this handshake (s2n's 10 to 30 s blinding delay, twice) and says only
     * "TLS error"; the JDK handshake before the bucket check names the problem at once.
     */
    @Test
    void theCrtClientRefusesAPrivateCaPromptlyWithTheReasonAndTheWayOut() {
        long start = System.nanoTime();
        EndpointUnavailableException e = assertThrows(EndpointUnavailableException.class,
                () -> run(front.endpoint().toString(), "crt", ""));
        long seconds = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        // the CRT alone takes some 40 s (s2n's blinding delay, twice): half of that tells the two apart
        assertTrue(seconds < 20, "took " + seconds + " s");
        assertTrue(e.getMessage().startsWith("endpoint 's3' (" + front.endpoint() + ") failed the TLS handshake:"
                + " untrusted certificate: the server's certificate is not signed by a CA in the operating system's"
                + " store (/"), e.getMessage());
        assertTrue(e.getMessage().contains("which client: crt trusts. Add the CA there"), e.getMessage());
        assertTrue(e.getMessage().contains("or use client: http or sync with endpoints.s3.tls: {caCert:"),
                e.getMessage());
    }

    @Test
    void theCrtClientTakesNoCaFileAndSaysSo() {
        ClientSetupException e = assertThrows(ClientSetupException.class, () -> run(front.endpoint().toString(),
                "crt", "tls: {caCert: \"" + front.caCert() + "\"}"));
        assertTrue(e.getMessage().contains("client: crt does not take tls.caCert"), e.getMessage());
    }

    @Test
    void aCaFileThatCannotBeReadIsAWorkloadProblem() {
        WorkloadException e = assertThrows(WorkloadException.class, () -> run(front.endpoint().toString(), "http",
                "tls: {caCert: /nonexistent/ca.pem}"));
        assertTrue(e.getMessage().contains("endpoints.s3.tls.caCert: cannot read /nonexistent/ca.pem"),
                e.getMessage());
    }
}
