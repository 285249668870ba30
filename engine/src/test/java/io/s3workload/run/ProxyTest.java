package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.plan.Plan;
import io.s3workload.report.plan.PlanPrinter;
import io.s3workload.testing.ForwardProxy;
import io.s3workload.testing.TestS3;
import io.s3workload.testing.TlsFront;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Endpoints reached through a forward proxy named by the environment, as curl reads it: plain HTTP (absolute-form
 * requests) and HTTPS (a CONNECT tunnel) with every client; loopback endpoints never through it. The endpoint's name,
 * s3.proxied.test, resolves nowhere: the proxy, on 127.0.0.1, sends everything to 127.0.0.1.
 */
class ProxyTest {

    private static final String HOST = "s3.proxied.test";
    private static TestS3 s3;
    private static TlsFront tls;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("proxied");
        tls = new TlsFront(s3.endpoint(), "dns:" + HOST);
    }

    @AfterAll
    static void stop() throws Exception {
        tls.close();
        s3.close();
    }



    private static Plan plan(String url, String client, String endpointKeys, Map<String, String> env)
            throws Exception {
        return s3.putThenGet("proxied", url, client, endpointKeys, env);
    }

    private static void assertOk(Plan plan) throws Exception {
        TestS3.assertPutThenGetOk(new Engine(plan, List.of()).run());
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync", "crt"})
    void plainHttpGoesThroughHttpProxy(String client) throws Exception {
        try (ForwardProxy proxy = new ForwardProxy()) {
            String url = "http://" + HOST + ":" + s3.endpoint().getPort();
            assertOk(plan(url, client, "", Map.of("http_proxy", proxy.url().toString())));
            assertTrue(!proxy.seen().isEmpty(), "nothing went through the proxy");
            proxy.seen().forEach(seen -> assertTrue(seen.requestLine().contains(HOST + ":" + s3.endpoint().getPort()),
                    seen.requestLine()));
        }
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync", "crt"})
    void httpsGoesThroughATunnel(String client) throws Exception {
        try (ForwardProxy proxy = new ForwardProxy()) {
            String url = "https://" + HOST + ":" + tls.endpoint().getPort();
            String trust = client.equals("crt") ? "tls: {insecure: true}" : "tls: {caCert: \"" + tls.caCert() + "\"}";
            assertOk(plan(url, client, trust, Map.of("HTTPS_PROXY", proxy.url().toString())));
            assertTrue(!proxy.seen().isEmpty(), "nothing went through the proxy");
            proxy.seen().forEach(seen -> assertEquals("CONNECT " + HOST + ":" + tls.endpoint().getPort()
                    + " HTTP/1.1", seen.requestLine()));
        }
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync"})
    void theProxysUserAndPasswordGoAsBasicAuthAndAreNeverPrinted(String client) throws Exception {
        try (ForwardProxy proxy = new ForwardProxy()) {
            String url = "http://" + HOST + ":" + s3.endpoint().getPort();
            String withUser = "http://bench:s3cr%3At@127.0.0.1:" + proxy.url().getPort();
            Plan plan = plan(url, client, "", Map.of("http_proxy", withUser));
            assertOk(plan);
            proxy.seen().forEach(seen -> assertEquals("Basic " + java.util.Base64.getEncoder().encodeToString(
                    "bench:s3cr:t".getBytes(java.nio.charset.StandardCharsets.UTF_8)), seen.authorization()));
            String printed = PlanPrinter.render(plan);
            assertTrue(printed.contains("via proxy http://127.0.0.1:" + proxy.url().getPort())
                    && !printed.contains("s3cr"), printed);
        }
    }

    @Test
    void loopbackEndpointsNeverGoThroughTheProxy() throws Exception {
        try (ForwardProxy proxy = new ForwardProxy()) {
            Map<String, String> env = Map.of("http_proxy", proxy.url().toString(), "ALL_PROXY", proxy.url().toString());
            for (String client : List.of("http", "sync", "crt")) {
                assertOk(plan(s3.endpoint().toString(), client, "", env));
            }
            assertEquals(List.of(), proxy.seen());
        }
    }

    @Test
    void noProxyNamesTheHostsToReachDirectly() throws Exception {
        Plan plan = plan("http://" + HOST + ":1", "http", "", Map.of("http_proxy", "http://127.0.0.1:9",
                "NO_PROXY", ".proxied.test"));
        assertEquals(Optional.empty(), plan.endpoints().get("s3").proxy());
    }
}
