package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.report.PlanPrinter;
import io.s3workload.result.RunResult;
import io.s3workload.testing.ForwardProxy;
import io.s3workload.testing.TestS3;
import io.s3workload.testing.TlsFront;
import io.s3workload.workload.yaml.WorkloadLoader;
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

    private static Plan plan(String url, String client, String tlsSettings, Map<String, String> env)
            throws Exception {
        String yaml = """
                bucket: proxied
                endpoints:
                  s3:
                    url: %s
                    credentials: {accessKey: "%s", secretKey: "%s"}
                    %s
                defaults: {client: %s}
                stages:
                  - {name: put, kind: put, size: 4KiB, objects: 10, concurrency: 2}
                  - {name: get, kind: get, from: put, operations: 20, concurrency: 2}
                """.formatted(url, s3.server().accessKey(), s3.server().secretKey(), tlsSettings, client);
        return Planner.plan(new WorkloadLoader(env, List.of(), Optional.empty(), Optional.empty())
                .parse("proxy.yaml", yaml));
    }

    private static void assertAllOk(RunResult result) {
        long ok = 0;
        for (var stage : result.stages()) {
            for (CellStats cell : stage.cells()) {
                assertEquals(0, cell.errors(), stage.stage().name() + " " + cell.errorsByClass());
                ok += cell.operations();
            }
        }
        assertEquals(30, ok, "10 PUTs and 20 GETs");
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync", "crt"})
    void plainHttpGoesThroughHttpProxy(String client) throws Exception {
        try (ForwardProxy proxy = new ForwardProxy()) {
            String url = "http://" + HOST + ":" + s3.endpoint().getPort();
            assertAllOk(new Engine(plan(url, client, "", Map.of("http_proxy", proxy.url().toString())), List.of())
                    .run());
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
            assertAllOk(new Engine(plan(url, client, trust, Map.of("HTTPS_PROXY", proxy.url().toString())),
                    List.of()).run());
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
            assertAllOk(new Engine(plan, List.of()).run());
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
                assertAllOk(new Engine(plan(s3.endpoint().toString(), client, "", env), List.of()).run());
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
