package io.s3workload.report.live;

import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.s3workload.result.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;

/**
 * Live export to Prometheus: serves {@code /metrics} while the run goes on (meters: {@link MicrometerFeed}). A run
 * that a Prometheus scrapes ends by waiting for its next scrape (at most twice the interval it has seen, and 10 s),
 * so that the scraped counters end at the run's totals: a fleet's dashboard then adds up to the merged results.
 */
public final class PrometheusReporter extends MicrometerFeed {

    /** The longest wait for the last scrape, whatever interval Prometheus scrapes at. */
    static final Duration LAST_SCRAPE_WAIT = Duration.ofSeconds(10);

    private final PrometheusMeterRegistry registry;
    private final HttpServer server;
    /** Guards the scrape times below: taken once a scrape, never by an operation. */
    private final Object scrapes = new Object();
    private int scraped;
    /** When the last scrape answered read the registry, and the interval between the last two (System.nanoTime). */
    private long lastScrape;
    private long scrapeInterval;
    private volatile boolean interrupted;

    public PrometheusReporter(String host, int port, String version) {
        this(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), host, port, version);
    }

    private PrometheusReporter(PrometheusMeterRegistry registry, String host, int port, String version) {
        super(registry, version);
        this.registry = registry;
        try {
            server = HttpServer.create(new InetSocketAddress(host, port), 16);
        } catch (IOException e) {
            throw new UncheckedIOException("--prometheus-port: cannot listen on " + host + ":" + port
                    + " for Prometheus: " + e.getMessage(), e);
        }
        server.createContext("/metrics", exchange -> {
            long readAt = System.nanoTime();
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
            synchronized (scrapes) { // answered: a close waiting for it may now stop the server
                scrapeInterval = scraped > 0 ? readAt - lastScrape : 0;
                lastScrape = readAt;
                scraped++;
                scrapes.notifyAll();
            }
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    /** The port it listens on (the one asked for, or the one the system chose for 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void runFinished(RunResult result) {
        interrupted = result.interrupted();
    }

    @Override
    public void close() {
        if (!interrupted) {
            awaitLastScrape();
        }
        server.stop(0);
        registry.close();
    }

    /**
     * When something scrapes this run regularly (twice so far), waits for a scrape that reads the final counts:
     * twice the last interval seen, at most {@link #LAST_SCRAPE_WAIT}. A stopped run does not wait.
     */
    private void awaitLastScrape() {
        long since = System.nanoTime();
        synchronized (scrapes) {
            if (scraped < 2) {
                return;
            }
            long deadline = since + Math.min(2 * scrapeInterval + 500_000_000L, LAST_SCRAPE_WAIT.toNanos());
            while (lastScrape - since < 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                try {
                    scrapes.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
