package io.s3workload.run.server;

import io.s3workload.workload.endpoints.ServerMetrics;
import io.s3workload.workload.endpoints.ServerMetrics.Selector;
import io.s3workload.workload.endpoints.ServerMetrics.Signal;
import java.net.ConnectException;
import java.net.ProxySelector;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads one store's Prometheus metrics ({@link ServerMetrics}) into the figures s3workload compares: each
 * {@link Signal}'s samples summed, by S3 API where the selector names the label. A scrape that fails (refused,
 * timed out, not 200, not the text format) is counted and its first reason kept; it never fails the run.
 */
public final class ServerScraper implements AutoCloseable {

    /** The most one scrape may take; the run waits this long at most as a cell starts and ends. */
    static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final String endpoint;
    private final ServerMetrics metrics;
    private final HttpClient http;
    private final String authorization;
    /** The metric names read, for a quick look at each line. */
    private final Map<String, Map<Signal, Selector>> byMetric = new HashMap<>();
    private final Map<Signal, Map<String, Pattern>> filters = new EnumMap<>(Signal.class);
    private final AtomicInteger scrapes = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();
    private volatile String firstFailure;

    public ServerScraper(String endpoint, ServerMetrics metrics) {
        this.endpoint = endpoint;
        this.metrics = metrics;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT)
                .proxy(ProxySelector.of(null))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        this.authorization = metrics.authorization();
        metrics.signals().forEach((signal, selector) -> {
            byMetric.computeIfAbsent(selector.metric(), m -> new EnumMap<>(Signal.class)).put(signal, selector);
            Map<String, Pattern> compiled = new HashMap<>();
            selector.where().forEach((label, regex) -> compiled.put(label, Pattern.compile(regex)));
            filters.put(signal, compiled);
        });
    }

    String endpoint() {
        return endpoint;
    }

    ServerMetrics metrics() {
        return metrics;
    }

    /**
     * What the store's metrics said at one moment: each signal's sum by API ({@code ""} where the selector names no
     * API label), or nothing when the scrape failed.
     *
     * @param epochMillis when the scrape was sent (the moment the figures stand for)
     */
    record Reading(long epochMillis, long nanos, Map<Signal, Map<String, Double>> values) {

        static Reading failed(long epochMillis, long nanos) {
            return new Reading(epochMillis, nanos, null);
        }

        boolean ok() {
            return values != null;
        }

        /** The signal's total over the APIs {@code apis} (the store's names; null: all), NaN when not given. */
        double total(Signal signal, Set<String> apis) {
            Map<String, Double> byApi = values == null ? null : values.get(signal);
            if (byApi == null) {
                return Double.NaN;
            }
            double sum = 0;
            for (Map.Entry<String, Double> e : byApi.entrySet()) {
                if (apis == null || e.getKey().isEmpty() || apis.contains(e.getKey())) {
                    sum += e.getValue();
                }
            }
            return sum;
        }
    }

    /** Scrapes now and waits for it ({@link #TIMEOUT} at most). */
    Reading scrape() {
        return scrapeAsync().join();
    }

    /** Scrapes now; the reading when the answer is in. Never completes exceptionally. */
    CompletableFuture<Reading> scrapeAsync() {
        long epochMillis = System.currentTimeMillis();
        long nanos = System.nanoTime();
        scrapes.incrementAndGet();
        HttpRequest.Builder request = HttpRequest.newBuilder(withoutUserInfo(metrics.url())).timeout(TIMEOUT)
                .header("Accept", "text/plain;version=0.0.4");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofLines())
                    .thenApply(response -> {
                        if (response.statusCode() != 200) {
                            response.body().close();
                            return fail("HTTP " + response.statusCode(), epochMillis, nanos);
                        }
                        try (var lines = response.body()) {
                            return new Reading(epochMillis, nanos, parse(lines));
                        }
                    })
                    .exceptionally(e -> fail(reason(e), epochMillis, nanos));
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(fail(reason(e), epochMillis, nanos));
        }
    }

    private Reading fail(String reason, long epochMillis, long nanos) {
        failures.incrementAndGet();
        if (firstFailure == null) {
            firstFailure = reason;
        }
        return Reading.failed(epochMillis, nanos);
    }

    private static String reason(Throwable e) {
        Throwable t = e instanceof CompletionException && e.getCause() != null
                ? e.getCause() : e;
        String message = t.getMessage();
        String kind = t instanceof ConnectException ? "connection refused"
                : t instanceof HttpTimeoutException ? "timed out after " + TIMEOUT.toSeconds() + " s"
                : t.getClass().getSimpleName();
        return message == null || message.isBlank() || kind.equals("connection refused") ? kind
                : kind + ": " + message;
    }

    private static URI withoutUserInfo(URI url) {
        if (url.getRawUserInfo() == null) {
            return url;
        }
        try {
            return new URI(url.getScheme(), null, url.getHost(), url.getPort(), url.getRawPath(), url.getRawQuery(),
                    null);
        } catch (URISyntaxException e) {
            return url;
        }
    }

    /** Scrapes sent, and those that failed; the first failure's reason (null: none). */
    int scrapes() {
        return scrapes.get();
    }

    int failures() {
        return failures.get();
    }

    String firstFailure() {
        return firstFailure;
    }

    /**
     * The text format's samples of the metrics read: {@code name{label="value",...} value [timestamp]}, comments
     * and other metrics skipped; each sample whose labels pass the selector's filters added to its signal's sum
     * under its API label's value.
     */
    private Map<Signal, Map<String, Double>> parse(Stream<String> lines) {
        Map<Signal, Map<String, Double>> values = new EnumMap<>(Signal.class);
        metrics.signals().keySet().forEach(s -> values.put(s, new HashMap<>()));
        lines.forEach(line -> {
            if (line.isEmpty() || line.charAt(0) == '#') {
                return;
            }
            int nameEnd = 0;
            while (nameEnd < line.length() && line.charAt(nameEnd) != '{' && line.charAt(nameEnd) != ' ') {
                nameEnd++;
            }
            Map<Signal, Selector> selectors = byMetric.get(line.substring(0, nameEnd));
            if (selectors == null) {
                return;
            }
            Map<String, String> labels = new HashMap<>();
            int at = nameEnd;
            if (at < line.length() && line.charAt(at) == '{') {
                at = labels(line, at + 1, labels);
                if (at < 0) {
                    return;
                }
            }
            String[] rest = line.substring(at).trim().split("\\s+");
            double value;
            try {
                value = switch (rest[0]) {
                    case "+Inf" -> Double.POSITIVE_INFINITY;
                    case "-Inf" -> Double.NEGATIVE_INFINITY;
                    default -> Double.parseDouble(rest[0]);
                };
            } catch (NumberFormatException e) {
                return;
            }
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                return;
            }
            selectors.forEach((signal, selector) -> {
                for (Map.Entry<String, Pattern> f : filters.get(signal).entrySet()) {
                    if (!f.getValue().matcher(labels.getOrDefault(f.getKey(), "")).matches()) {
                        return;
                    }
                }
                String api = selector.api().map(l -> labels.getOrDefault(l, "")).orElse("");
                values.get(signal).merge(api, value, Double::sum);
            });
        });
        return values;
    }

    /** Reads {@code label="value",...}} from {@code from}; returns where the value starts, or -1 if malformed. */
    private static int labels(String line, int from, Map<String, String> into) {
        int i = from;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '}') {
                return i + 1;
            }
            if (c == ',' || c == ' ') {
                i++;
                continue;
            }
            int eq = line.indexOf('=', i);
            if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                return -1;
            }
            String name = line.substring(i, eq).trim();
            StringBuilder value = new StringBuilder();
            int j = eq + 2;
            for (; j < line.length() && line.charAt(j) != '"'; j++) {
                char v = line.charAt(j);
                if (v == '\\' && j + 1 < line.length()) {
                    char next = line.charAt(++j);
                    value.append(next == 'n' ? '\n' : next);
                } else {
                    value.append(v);
                }
            }
            into.put(name, value.toString());
            i = j + 1;
        }
        return -1;
    }

    @Override
    public void close() {
        http.close();
    }
}
