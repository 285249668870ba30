package io.s3workload.workload.endpoints;

import java.net.InetAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The proxy for an endpoint, from the environment as curl reads it: {@code https_proxy} (or {@code HTTPS_PROXY}) for
 * https URLs, {@code http_proxy} for http ones (lower case only, as curl: {@code HTTP_PROXY} can be set by a CGI
 * request's Proxy header), {@code all_proxy}/{@code ALL_PROXY} for either; {@code no_proxy}/{@code NO_PROXY} names
 * hosts to reach directly: {@code *}, host names (also matching their subdomains, a leading dot optional), IP
 * addresses and CIDR ranges. Loopback (localhost, 127.0.0.0/8, ::1) is never proxied, whatever the variables say.
 */
public final class Proxies {

    private Proxies() {
    }

    public static Optional<URI> forUrl(URI url, Map<String, String> environment) {
        String host = url.getHost() == null ? "" : url.getHost().toLowerCase(Locale.ROOT);
        if (loopback(host)) {
            return Optional.empty();
        }
        boolean https = "https".equalsIgnoreCase(url.getScheme());
        String proxy = https ? first(environment, "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")
                : first(environment, "http_proxy", "all_proxy", "ALL_PROXY");
        if (proxy == null || proxy.isBlank() || bypassed(host, first(environment, "no_proxy", "NO_PROXY"))) {
            return Optional.empty();
        }
        String withScheme = proxy.contains("://") ? proxy.trim() : "http://" + proxy.trim();
        return Optional.of(URI.create(withScheme));
    }

    /** The user and password of a proxy URL ({@code http://user:pass@proxy:3128}), decoded; empty without one. */
    public static Optional<Map.Entry<String, String>> user(URI proxy) {
        if (proxy.getRawUserInfo() == null) {
            return Optional.empty();
        }
        String[] parts = URLDecoder.decode(proxy.getRawUserInfo(), StandardCharsets.UTF_8)
                .split(":", 2);
        return Optional.of(Map.entry(parts[0], parts.length > 1 ? parts[1] : ""));
    }

    /** The proxy as printed: no user or password. */
    public static String shown(URI proxy) {
        return proxy.getScheme() + "://" + proxy.getHost() + (proxy.getPort() >= 0 ? ":" + proxy.getPort() : "");
    }

    private static String first(Map<String, String> environment, String... names) {
        for (String name : names) {
            String value = environment.get(name);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    static boolean loopback(String host) {
        if (host.equals("localhost") || host.endsWith(".localhost")) {
            return true;
        }
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (!literal(bare)) {
            return false;
        }
        try {
            return InetAddress.getByName(bare).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static boolean bypassed(String host, String noProxy) {
        if (noProxy == null) {
            return false;
        }
        for (String raw : noProxy.split(",")) {
            String entry = raw.trim().toLowerCase(Locale.ROOT);
            if (entry.isEmpty()) {
                continue;
            }
            if (entry.equals("*")) {
                return true;
            }
            if (entry.contains("/") && cidr(host, entry)) {
                return true;
            }
            String domain = entry.startsWith(".") ? entry.substring(1) : entry;
            if (host.equals(domain) || host.endsWith("." + domain)) {
                return true;
            }
        }
        return false;
    }

    private static boolean cidr(String host, String entry) {
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (!literal(bare)) {
            return false;
        }
        try {
            int slash = entry.indexOf('/');
            byte[] address = InetAddress.getByName(bare).getAddress();
            byte[] network = InetAddress.getByName(entry.substring(0, slash)).getAddress();
            int bits = Integer.parseInt(entry.substring(slash + 1));
            if (address.length != network.length || bits < 0 || bits > address.length * 8) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >> (i % 8);
                if ((address[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException | NumberFormatException e) {
            return false;
        }
    }

    /** An IP address literal (never a name: no DNS lookup here). */
    private static boolean literal(String host) {
        return host.matches("[0-9.]+") || host.contains(":");
    }
}
