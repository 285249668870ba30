package io.s3workload.metrics.cost;

import java.util.List;
import java.util.Locale;

/**
 * What a cell's store counted itself over the cell's window, from its own metrics scraped as the cell started, once
 * a second and as it ended, beside what the client sent.
 *
 * @param endpoint       the endpoint whose store was scraped
 * @param url            its metrics URL as printed (user info masked)
 * @param apis           the S3 APIs (AWS's names) the cell's operations end in: the requests compared
 * @param uncompared     why the two counts are not compared, or null when they must agree: each of the cell's
 *                       operations is one request of those APIs (not, say, a GET read as parallel ranges) and the
 *                       client is all the store served (not one shard of several)
 * @param requests       requests of those APIs the store counted; -1 when unknown
 * @param errors         failed requests of those APIs it counted; -1 when its metrics do not say
 * @param spent          what it moved and used
 * @param clientRequests requests the client sent that could have reached it (every attempt, but those refused)
 * @param clientErrors   the client's failed operations that got an answer (an HTTP status)
 * @param tolerance      how far the counts may differ at the window's edges: requests in flight as it opened and
 *                       closed, and attempts that failed without an answer (they may or may not have arrived)
 * @param scraping       how reading its metrics went
 * @param timeline       the store's figures per scrape interval, aligned with the client's seconds
 */
public record ServerView(String endpoint, String url, List<String> apis, String uncompared, long requests,
                         long errors, Spent spent, long clientRequests, long clientErrors, long tolerance,
                         Scrapes scraping, List<Second> timeline) {

    /**
     * What a store moved and used over a cell, from its metrics.
     *
     * @param bytesSent      bytes it sent (all APIs); NaN when its metrics do not say
     * @param bytesReceived  bytes it received (all APIs); NaN when not said
     * @param cpuSeconds     CPU seconds it used; NaN when not said
     * @param memoryMaxBytes its largest resident memory seen; NaN when not said
     */
    public record Spent(double bytesSent, double bytesReceived, double cpuSeconds, double memoryMaxBytes) {
    }

    /**
     * How reading a store's metrics went over a cell.
     *
     * @param scrapes       scrapes sent during the cell
     * @param failedScrapes those that failed
     * @param firstFailure  the first failed scrape's reason, or null
     */
    public record Scrapes(int scrapes, int failedScrapes, String firstFailure) {
    }

    public double bytesSent() {
        return spent.bytesSent();
    }

    public double bytesReceived() {
        return spent.bytesReceived();
    }

    public double cpuSeconds() {
        return spent.cpuSeconds();
    }

    public double memoryMaxBytes() {
        return spent.memoryMaxBytes();
    }

    public int scrapes() {
        return scraping.scrapes();
    }

    public int failedScrapes() {
        return scraping.failedScrapes();
    }

    public String firstFailure() {
        return scraping.firstFailure();
    }

    public ServerView {
        apis = List.copyOf(apis);
        timeline = List.copyOf(timeline);
    }

    /** One scrape interval: when it ended, how long it was, and what the store counted in it. */
    public record Second(long epochMillis, double seconds, long requests, long errors, double cpuSeconds) {
    }

    /** Whether the store's figures were read at both ends of the window. */
    public boolean known() {
        return requests >= 0;
    }

    /** The store's requests less the client's. */
    public long difference() {
        return requests - clientRequests;
    }

    /** Whether the counts differ by more than the edges of the window allow. */
    public boolean disagrees() {
        return known() && uncompared == null && Math.abs(difference()) > tolerance;
    }

    /** The store's CPU over the window in cores busy; NaN when unknown. */
    public double coresBusy(double windowSeconds) {
        return Double.isNaN(cpuSeconds()) || windowSeconds <= 0 ? Double.NaN : cpuSeconds() / windowSeconds;
    }

    /** The APIs as one name: {@code GetObject}, {@code PutObject+CompleteMultipartUpload}. */
    public String apiNames() {
        return String.join("+", apis);
    }

    /**
     * What the two counts say together, in a sentence: that they agree (within the edges), how and by how much
     * they disagree and what commonly causes it, or why they were not compared.
     */
    public String sentence() {
        if (!known()) {
            return "no figures from the store: " + (failedScrapes() > 0 ? failedScrapes() + " of " + scrapes()
                    + " scrapes failed (" + firstFailure() + ")"
                    : "its metrics were not read at both ends of the cell");
        }
        if (uncompared != null) {
            return String.format(Locale.ROOT, "the store counted %,d %s requests, the client sent %,d; not"
                    + " compared: %s", requests, apiNames(), clientRequests, uncompared);
        }
        long diff = difference();
        if (!disagrees()) {
            return String.format(Locale.ROOT, "the store counted %,d %s requests, the client sent %,d: they agree"
                    + " (within the %,d the window's edges allow)", requests, apiNames(), clientRequests, tolerance);
        }
        double percent = clientRequests == 0 ? 100 : 100.0 * Math.abs(diff) / clientRequests;
        if (diff > 0) {
            return String.format(Locale.ROOT, "the store counted %.1f%% more %s requests than the client sent"
                            + " (%,d vs %,d, %,d beyond the %,d the window's edges allow): retries by a proxy in"
                            + " between, or another client on the same store?", percent, apiNames(), requests,
                    clientRequests, diff - tolerance, tolerance);
        }
        return String.format(Locale.ROOT, "the store counted %.1f%% fewer %s requests than the client sent"
                        + " (%,d vs %,d, %,d beyond the %,d the window's edges allow): requests answered before"
                        + " they reached it (a cache or proxy in between), or spread over nodes whose metrics were"
                        + " not scraped?", percent, apiNames(), requests, clientRequests, -diff - tolerance,
                tolerance);
    }

    /** Why a shard's counts are not compared on their own. */
    public static final String SHARD = "the store counts every shard's requests; compared once the shards are merged";

    /**
     * The views several shards had of the same cell, merged: each shard's scrapes counted the whole fleet's
     * requests over nearly the same window, so the store's figures are the largest any shard saw, the client's
     * the sum of the shards'.
     */
    public static ServerView merged(List<ServerView> views) {
        if (views.isEmpty()) {
            return null;
        }
        ServerView first = views.get(0);
        long requests = -1, errors = -1, client = 0, clientErrors = 0, tolerance = 0;
        double sent = Double.NaN, received = Double.NaN, cpu = Double.NaN, memory = Double.NaN;
        int scrapes = 0, failed = 0;
        String uncompared = null;
        String firstFailure = null;
        for (ServerView v : views) {
            requests = Math.max(requests, v.requests);
            errors = Math.max(errors, v.errors);
            client += v.clientRequests;
            clientErrors += v.clientErrors;
            tolerance += v.tolerance;
            sent = max(sent, v.bytesSent());
            received = max(received, v.bytesReceived());
            cpu = max(cpu, v.cpuSeconds());
            memory = max(memory, v.memoryMaxBytes());
            scrapes += v.scrapes();
            failed += v.failedScrapes();
            if (v.uncompared != null && !v.uncompared.equals(SHARD)) {
                uncompared = v.uncompared;
            }
            firstFailure = firstFailure != null ? firstFailure : v.firstFailure();
        }
        return new ServerView(first.endpoint, first.url, first.apis, uncompared, requests, errors,
                new Spent(sent, received, cpu, memory), client, clientErrors, tolerance,
                new Scrapes(scrapes, failed, firstFailure), List.of());
    }

    private static double max(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }
}
