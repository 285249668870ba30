package io.s3workload.report;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/** Live export to Prometheus: serves {@code /metrics} while the run goes on (meters: {@link MicrometerFeed}). */
final class PrometheusReporter extends MicrometerFeed {

    private final PrometheusMeterRegistry registry;
    private final HttpServer server;

    PrometheusReporter(String host, int port, String version) {
        this(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), host, port, version);
    }

    private PrometheusReporter(PrometheusMeterRegistry registry, String host, int port, String version) {
        super(registry, version);
        this.registry = registry;
        try {
            server = HttpServer.create(new InetSocketAddress(host, port), 16);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + host + ":" + port + " for Prometheus: "
                    + e.getMessage(), e);
        }
        server.createContext("/metrics", exchange -> {
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    /** The port it listens on (the one asked for, or the one the system chose for 0). */
    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        registry.close();
    }
}
