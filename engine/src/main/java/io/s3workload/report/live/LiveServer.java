package io.s3workload.report.live;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.s3workload.report.html.HtmlReporter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * The live page's web server: {@code /} the page, {@code /events} its updates as server-sent events (the whole view
 * first, then what changed, once a second), {@code /state} the whole view as JSON, {@code /report.html} the final
 * report once there is one; for a finished run ({@code analyze --web}) {@code /slice?...} the view of a slice.
 * Everything it sends is rendered on its own threads from the view, never on a worker's; when no page is open it
 * renders nothing.
 */
public final class LiveServer implements AutoCloseable {

    /** The port when none is given: beside the Prometheus exporter's usual 9464. */
    public static final int DEFAULT_PORT = 9465;
    /** A page further behind than this many updates gets the whole view again instead of the backlog. */
    private static final int MAX_BACKLOG = 8;
    private static final String END = "";

    /** Where to listen: {@code PORT}, {@code HOST:PORT} or {@code [IPv6]:PORT}; loopback when no host is given. */
    public record Address(String host, int port) {

        public static Address parse(String text) {
            String t = text.trim();
            int colon = t.lastIndexOf(':');
            String host = colon < 0 ? "127.0.0.1" : t.substring(0, colon).replaceAll("^\\[|]$", "");
            String port = colon < 0 ? t : t.substring(colon + 1);
            if (!port.matches("\\d{1,5}") || Integer.parseInt(port) > 65_535 || host.isEmpty()) {
                throw new IllegalArgumentException("--web: expected [HOST:]PORT such as 9465 or 0.0.0.0:9465 (0 for any free"
                        + " port), got '" + text + "'");
            }
            return new Address(host, Integer.parseInt(port));
        }

        @Override
        public String toString() {
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final LongFunction<LiveMessage> view;
    private final List<BlockingQueue<String>> pages = new CopyOnWriteArrayList<>();
    private long published;
    private volatile boolean closed;

    /**
     * Listens on {@code address}; {@code view} renders the update after a version (0: the whole view); {@code slice},
     * when given, the whole view of a slice cut by the query's parameters ({@code analyze --web}), or throws
     * IllegalArgumentException saying what is wrong with them.
     */
    public LiveServer(Address address, String mode, LongFunction<LiveMessage> view,
               Function<Map<String, String>, LiveMessage> slice) {
        this.view = view;
        try {
            server = HttpServer.create(new InetSocketAddress(address.host(), address.port()), 64);
        } catch (BindException e) {
            throw new UncheckedIOException("--web " + address + ": cannot listen there (" + e.getMessage() + "): another"
                    + " run or program has that port; give another, or --web 0 for any free one", e);
        } catch (IOException e) {
            throw new UncheckedIOException("--web " + address + ": cannot listen there: " + e.getMessage(), e);
        }
        server.setExecutor(threads);
        byte[] page = page(mode);
        server.createContext("/", exchange -> {
            if (!exchange.getRequestURI().getPath().equals("/")) {
                send(exchange, 404, "text/plain", "not found: the page is at /");
            } else {
                send(exchange, 200, "text/html", page);
            }
        });
        server.createContext("/state", exchange -> send(exchange, 200, "application/json", view.apply(0).json()));
        server.createContext("/events", this::events);
        server.createContext("/report.html", exchange -> {
            LiveMessage now = view.apply(Long.MAX_VALUE);
            if (now.report() == null) {
                send(exchange, 404, "text/plain", "the run has not finished: its report.html comes when it has");
            } else {
                send(exchange, 200, "text/html", now.report());
            }
        });
        if (slice != null) {
            server.createContext("/slice", exchange -> {
                try {
                    send(exchange, 200, "application/json", slice.apply(query(exchange.getRequestURI())).json());
                } catch (IllegalArgumentException e) {
                    send(exchange, 400, "text/plain", e.getMessage());
                }
            });
        }
        server.start();
        Thread ticker = Thread.ofPlatform().daemon().name("s3workload-web").unstarted(() -> {
            while (!closed) {
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
                publish();
            }
        });
        ticker.start();
    }

    /** The address it listens on (the port chosen when 0 was asked for). */
    public URI uri() {
        InetSocketAddress at = server.getAddress();
        String host = at.getHostString().contains(":") ? "[" + at.getHostString() + "]" : at.getHostString();
        return URI.create("http://" + host + ":" + at.getPort() + "/");
    }

    /** Sends every open page what changed since the last update; renders nothing when none is open. */
    synchronized void publish() {
        if (pages.isEmpty() || closed) {
            return;
        }
        LiveMessage update = view.apply(published);
        published = update.version();
        String json = update.json();
        for (BlockingQueue<String> queue : pages) {
            if (queue.size() >= MAX_BACKLOG) {
                queue.clear();
                queue.add(view.apply(0).json());
            } else {
                queue.add(json);
            }
        }
    }

    /** A page's stream: the whole view, then each update, a comment every 15 s when nothing changes. */
    private void events(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream; charset=utf-8");
        exchange.getResponseHeaders().add("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, 0);
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        synchronized (this) { // the whole view and the updates after it, none missed between them
            queue.add(view.apply(0).json()); // the pages open already may get some of it again: harmless
            if (!closed) {
                pages.add(queue);
            }
        }
        try (OutputStream out = exchange.getResponseBody()) {
            while (true) {
                String update = queue.poll(15, TimeUnit.SECONDS);
                if (update == null) {
                    out.write(": still here\n\n".getBytes(StandardCharsets.UTF_8));
                } else if (update == END) {
                    return;
                } else {
                    out.write(("data: " + update + "\n\n").getBytes(StandardCharsets.UTF_8));
                    if (closed && queue.isEmpty()) {
                        out.flush();
                        return;
                    }
                }
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the page went away
        } finally {
            pages.remove(queue);
            synchronized (pages) {
                pages.notifyAll();
            }
        }
    }

    /**
     * Sends the open pages the last update, waits up to {@code drainMillis} for them to have it, and stops: a page
     * keeps what it was sent (the final report among it).
     */
    public void close(long drainMillis) {
        publish();
        closed = true;
        pages.forEach(q -> q.add(END));
        long until = System.currentTimeMillis() + drainMillis;
        synchronized (pages) {
            while (!pages.isEmpty() && System.currentTimeMillis() < until) {
                try {
                    pages.wait(Math.max(1, until - System.currentTimeMillis()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        server.stop(0);
        threads.shutdownNow();
    }

    @Override
    public void close() {
        close(3_000);
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> params = new LinkedHashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null) {
            return params;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            if (!value.isBlank()) {
                params.put(name, value.trim());
            }
        }
        return params;
    }

    private static byte[] page(String mode) {
        try (InputStream in = LiveServer.class.getResourceAsStream("live.html")) {
            String page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return page.replace("/*STYLE*/", HtmlReporter.STYLE).replace("{{MODE}}", mode)
                    .getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        send(exchange, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        if (!exchange.getRequestMethod().equals("GET")) {
            status = 405;
            body = "only GET\n".getBytes(StandardCharsets.UTF_8);
        }
        exchange.getResponseHeaders().add("Content-Type", type + "; charset=utf-8");
        exchange.getResponseHeaders().add("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
