package io.s3workload.report.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunResult;
import io.s3workload.run.Engine;
import io.s3workload.testing.Await;
import io.s3workload.testing.Hold;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** /metrics while a run goes on, and totals that equal the report's once a stage ends. */
class PrometheusReporterTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("metrics");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    /** A reporter that scrapes /metrics when the second stage starts, i.e. after the first one's totals. */
    private static final class Scraper implements Reporter {
        final AtomicReference<String> scraped = new AtomicReference<>("");
        final int port;

        Scraper(int port) {
            this.port = port;
        }

        @Override
        public void runFinished(io.s3workload.result.RunResult result) {
            {
                try (HttpClient client = HttpClient.newHttpClient()) {
                    scraped.set(client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                            + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body());
                } catch (Exception e) {
                    scraped.set("scrape failed: " + e);
                }
            }
        }
    }

    @Test
    void countersAndTimersMatchTheReport() throws Exception {
        PrometheusReporter prometheus = new PrometheusReporter("127.0.0.1", 0, "test-version");
        Scraper scraper = new Scraper(prometheus.port());
        RunResult result = new Engine(s3.plan("""
                bucket: metrics
                stages:
                  - {name: get, kind: get, sizes: [2KiB], objects: 8, operations: 400, concurrency: 4}
                  - {name: put, kind: put, sizes: [1KiB], objects: 3}
                  - {name: del, kind: delete, from: put}
                  - {name: head, kind: head, from: put}
                """), List.of(prometheus, scraper)).run();
        CellStats get = result.stages().get(0).cells().get(0);
        String metrics = scraper.scraped.get();
        String tags = "endpoint=\"s3\",op=\"GET\",run=\"" + result.info().runId() + "\",size=\"2KiB\",stage=\"get\"";
        assertEquals(get.operations(), value(metrics, "s3workload_operations_total{" + tags + "}"), metrics);
        assertEquals(get.bytes(), value(metrics, "s3workload_bytes_total{" + tags + "}"));
        assertEquals(get.operations(), value(metrics, "s3workload_request_latency_seconds_count{" + tags + "}"));
        assertTrue(metrics.contains("s3workload_request_latency_seconds_bucket{" + tags + ",le=\""), metrics);
        assertTrue(metrics.contains("s3workload_request_latency_percentile_seconds{endpoint=\"s3\",op=\"GET\","
                + "percentile=\"0.99\",run=\"" + result.info().runId() + "\",size=\"2KiB\",stage=\"get\"}"),
                metrics);
        assertFalse(metrics.contains("quantile="), "a gauge must not carry the label reserved for summaries");
        assertTrue(metrics.contains("s3workload_request_ttfb_seconds_count{" + tags + "}"), metrics);
        assertFalse(metrics.contains("s3workload_request_ttfb_seconds_count{endpoint=\"s3\",op=\"PUT\""),
                "no TTFB series for a cell without TTFB");
        assertEquals(0, value(metrics, "s3workload_workers_active{" + tags + "}"), "none once the cell ended");
        String head = "class=\"HTTP 404\",endpoint=\"s3\",op=\"HEAD\",run=\"" + result.info().runId()
                + "\",size=\"1KiB\",stage=\"head\"";
        assertEquals(3, value(metrics, "s3workload_errors_total{" + head + "}"), metrics);
        assertFalse(metrics.contains("s3workload_throttled_total{endpoint=\"s3\",op=\"HEAD\""), "404 is no throttle");
        assertEquals(1, value(metrics, "s3workload_build_info{version=\"test-version\"}"));
    }

    /**
     * An open loop asking one worker for far more than it can do: its operations start late, nearly all of them
     * because the worker was still busy (capped), and both counters carry the cell's totals. 200 operations due
     * 20 µs apart, each PUT held 1 ms by a front: from the 11th on, each starts more than 10 ms after it was due,
     * however fast the machine (a fast one once started none of them late, without the front).
     */
    @Test
    void lateAndCappedStartsAreCounted() throws Exception {
        PrometheusReporter prometheus = new PrometheusReporter("127.0.0.1", 0, "test-version");
        Scraper scraper = new Scraper(prometheus.port());
        RunResult result;
        try (HttpFront slow = HttpFront.start(s3.endpoint(), Hold.each("PUT", Duration.ofMillis(1)))) {
            result = new Engine(s3.plan("""
                    bucket: metrics
                    stages:
                      - {name: flood, kind: put, sizes: [1KiB], objects: 50, operations: 200, rate: 50000/s,
                         concurrency: 1}
                    """, s3.server().accessKey(), s3.server().secretKey(), slow.endpoint().toString()),
                    List.of(prometheus, scraper)).run();
        }
        CellStats put = result.stages().get(0).cells().get(0);
        String metrics = scraper.scraped.get();
        String tags = "endpoint=\"s3\",op=\"PUT\",run=\"" + result.info().runId() + "\",size=\"1KiB\",stage=\"flood\"";
        assertEquals(200, put.attempted());
        assertTrue(put.capped() >= 189 && put.capped() <= put.late(), put.capped() + " capped of " + put.late());
        assertEquals(put.late(), value(metrics, "s3workload_late_starts_total{" + tags + "}"), metrics);
        assertEquals(put.capped(), value(metrics, "s3workload_capped_starts_total{" + tags + "}"), metrics);
    }

    /**
     * A run something scrapes every 300 ms ends only once a scrape has read its final counts; one nobody scrapes, or
     * a stopped one, ends at once.
     */
    @Test
    void aScrapedRunEndsAfterAScrapeOfItsFinalCounts() throws Exception {
        PrometheusReporter prometheus = new PrometheusReporter("127.0.0.1", 0, "test-version");
        AtomicReference<String> last = new AtomicReference<>("");
        java.util.concurrent.atomic.AtomicInteger scrapes = new java.util.concurrent.atomic.AtomicInteger();
        Thread scraper = Thread.ofVirtual().start(() -> {
            try (HttpClient client = HttpClient.newHttpClient()) {
                while (!Thread.currentThread().isInterrupted()) {
                    last.set(client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + prometheus.port()
                            + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body());
                    scrapes.incrementAndGet();
                    Thread.sleep(300);
                }
            } catch (Exception e) {
                // the server stopped, or the test interrupted the loop
            }
        });
        // the run is scraped regularly (twice at least: what makes its end wait for a last scrape) by construction:
        // its first PUT is held until the scraper has scraped three times (a fast machine's run once ended before
        // its second scrape, and so did not wait)
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        RunResult result;
        try (HttpFront front = HttpFront.start(s3.endpoint(), new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response before(HttpFront.Request request) {
                if (request.method().equals("PUT") && request.key().isPresent() && first.getAndSet(false)) {
                    Await.until(() -> scrapes.get() >= 3);
                }
                return null;
            }
        })) {
            result = new Engine(s3.plan("""
                    bucket: metrics
                    stages:
                      - {name: put, kind: put, sizes: [1KiB], objects: 40, operations: 400, concurrency: 2}
                    """, s3.server().accessKey(), s3.server().secretKey(), front.endpoint().toString()),
                    List.of(prometheus)).run(); // closes the reporter: waits for the last scrape
        }
        CellStats put = result.stages().get(0).cells().get(0);
        String series = "s3workload_operations_total{endpoint=\"s3\",op=\"PUT\",run=\"" + result.info().runId()
                + "\",size=\"1KiB\",stage=\"put\"}";
        // the run ended once a scrape was answered with its final counts: the scraper stores that answer next
        Await.until(() -> last.get().contains(series + " " + put.operations()) || last.get().contains(series + " "
                + (double) put.operations()));
        scraper.interrupt();
        assertEquals(put.operations(), value(last.get(), series), "the last scrape holds the totals");

        PrometheusReporter unscraped = new PrometheusReporter("127.0.0.1", 0, "test-version");
        long started = System.nanoTime();
        unscraped.close();
        // a scraped run waits up to 10 s for its last scrape; an unscraped one not at all
        assertTrue(System.nanoTime() - started < 5_000_000_000L, "nobody scrapes it: no wait");
    }

    private static long value(String metrics, String series) {
        Matcher m = Pattern.compile("^" + Pattern.quote(series) + " ([0-9.eE+]+)$", Pattern.MULTILINE)
                .matcher(metrics);
        assertTrue(m.find(), "no " + series + " in\n" + metrics);
        return (long) Double.parseDouble(m.group(1));
    }
}
