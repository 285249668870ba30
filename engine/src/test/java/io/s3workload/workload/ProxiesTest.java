package io.s3workload.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.testing.QuickTier;
import io.s3workload.workload.endpoints.Proxies;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Which endpoints go through which proxy, as curl decides it. */
@Tag(QuickTier.TAG)
class ProxiesTest {

    private static Optional<String> proxy(String url, Map<String, String> env) {
        return Proxies.forUrl(URI.create(url), env).map(URI::toString);
    }

    @Test
    void httpsUsesHttpsProxyInEitherCaseAndHttpOnlyTheLowerCaseName() {
        assertEquals(Optional.of("http://p:3128"), proxy("https://s3.example", Map.of("HTTPS_PROXY", "http://p:3128")));
        assertEquals(Optional.of("http://p:3128"), proxy("https://s3.example", Map.of("https_proxy", "p:3128")));
        assertEquals(Optional.empty(), proxy("http://s3.example", Map.of("HTTP_PROXY", "http://p:3128")),
                "curl ignores HTTP_PROXY (a CGI request can set it)");
        assertEquals(Optional.of("http://p:3128"), proxy("http://s3.example", Map.of("http_proxy", "http://p:3128")));
        assertEquals(Optional.of("http://q:1"), proxy("http://s3.example", Map.of("ALL_PROXY", "http://q:1")));
    }

    @Test
    void loopbackIsNeverProxied() {
        Map<String, String> env = Map.of("http_proxy", "http://p:1", "https_proxy", "http://p:1");
        for (String url : new String[] {"http://127.0.0.1:9000", "http://127.8.0.1", "http://localhost:9000",
            "https://[::1]:9000", "http://s3.localhost"}) {
            assertEquals(Optional.empty(), proxy(url, env), url);
        }
    }

    @Test
    void noProxyTakesNamesDomainsAddressesRangesAndAStar() {
        Map<String, String> env = Map.of("https_proxy", "http://p:1",
                "NO_PROXY", " internal.example , .corp.example,10.1.2.3, 192.168.0.0/16");
        assertEquals(Optional.empty(), proxy("https://internal.example", env));
        assertEquals(Optional.empty(), proxy("https://s3.internal.example", env), "a name covers its subdomains");
        assertEquals(Optional.empty(), proxy("https://corp.example", env), "a leading dot is optional");
        assertEquals(Optional.empty(), proxy("https://10.1.2.3", env));
        assertEquals(Optional.empty(), proxy("https://192.168.7.9:9000", env));
        assertEquals(Optional.of("http://p:1"), proxy("https://notinternal.example", env));
        assertEquals(Optional.of("http://p:1"), proxy("https://10.1.2.4", env));
        assertEquals(Optional.empty(), proxy("https://anything", Map.of("https_proxy", "http://p:1", "no_proxy", "*")));
    }
}
