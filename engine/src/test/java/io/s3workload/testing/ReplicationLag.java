package io.s3workload.testing;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replication lag made real, in front of one S3 server: a primary front and replica fronts, each recording when each
 * PUT through it was answered; a replica shows a write made through another front only {@code lag} after that
 * moment (its own writes at once, as a region reads its own writes). Until then it answers GET and HEAD with 404
 * (or, for an overwrite, with the previous version's ETag), and leaves the key out of listings (or lists the
 * previous ETag). Deletes take effect at once. {@link #main} runs the fronts as a process of their own, in front of
 * any server (MinIO, say), for tools that are not in this JVM.
 */
public final class ReplicationLag implements AutoCloseable {

    private static final Pattern CONTENTS = Pattern.compile("<Contents>.*?</Contents>", Pattern.DOTALL);
    private static final Pattern KEY = Pattern.compile("<Key>(.*?)</Key>");
    private static final Pattern ETAG = Pattern.compile("<ETag>.*?</ETag>");

    /**
     * The last write of a key: its ETag, the one before (null if none), when the PUT was answered, and the front it
     * went through (null: the primary).
     */
    private record Write(String etag, String previousEtag, long answeredNanos, Object through) {
    }

    private final URI upstream;
    private final Map<String, Write> writes = new ConcurrentHashMap<>();
    private final HttpFront primary;
    private final java.util.List<HttpFront> replicas = new java.util.concurrent.CopyOnWriteArrayList<>();

    public ReplicationLag(URI upstream) {
        this.upstream = upstream;
        this.primary = HttpFront.start(upstream, new HttpFront.Interceptor() {
            @Override
            public HttpFront.Response after(HttpFront.Request request, HttpFront.Response response) {
                record(request, response, null);
                return response;
            }
        });
    }

    /** The front to write through. */
    public URI primary() {
        return primary.endpoint();
    }

    /** A new replica front that shows writes {@code lag} after they were answered. */
    public URI replica(Duration lag) {
        HttpFront front = HttpFront.start(upstream, new Replica(lag.toNanos()));
        replicas.add(front);
        return front.endpoint();
    }

    private void record(HttpFront.Request request, HttpFront.Response response, Object through) {
        if (request.key().isEmpty() || response.status() / 100 != 2 || request.query().contains("uploadId")) {
            return;
        }
        String key = request.key().get();
        if (request.method().equals("PUT")) {
            // a CopyObject answers with its ETag in the body (CopyObjectResult), not in a header
            String etag = response.header("ETag").or(() -> copyEtag(response)).orElse("");
            writes.compute(key, (k, before) -> new Write(etag, before == null ? null : before.etag(),
                    System.nanoTime(), through));
        } else if (request.method().equals("DELETE")) {
            writes.remove(key);
        }
    }

    private static java.util.Optional<String> copyEtag(HttpFront.Response response) {
        Matcher m = Pattern.compile("<ETag>(.*?)</ETag>").matcher(new String(response.body(), StandardCharsets.UTF_8));
        return m.find() ? java.util.Optional.of(m.group(1).replace("&quot;", "\"")) : java.util.Optional.empty();
    }

    private final class Replica implements HttpFront.Interceptor {

        private final long lagNanos;

        Replica(long lagNanos) {
            this.lagNanos = lagNanos;
        }

        /** The write of {@code key} this replica does not show yet (made through another front), or null. */
        private Write hidden(String key) {
            Write write = writes.get(key);
            return write != null && write.through() != this && System.nanoTime() - write.answeredNanos() < lagNanos
                    ? write : null;
        }

        @Override
        public HttpFront.Response before(HttpFront.Request request) {
            if (!(request.method().equals("GET") || request.method().equals("HEAD")) || request.key().isEmpty()) {
                return null;
            }
            Write write = hidden(request.key().get());
            if (write != null && write.previousEtag() == null) {
                return HttpFront.Response.error(404, "Not Found", "NoSuchKey", "The specified key does not exist.");
            }
            return null;
        }

        @Override
        public HttpFront.Response after(HttpFront.Request request, HttpFront.Response response) {
            if (request.key().isPresent() && (request.method().equals("PUT") || request.method().equals("DELETE"))) {
                record(request, response, this);
                return response;
            }
            if (request.key().isPresent()) {
                Write write = hidden(request.key().get());
                return write != null && write.previousEtag() != null && response.status() == 200
                        ? response.withHeader("ETag", write.previousEtag()) : response;
            }
            // a listing, ListObjectsV2 or the first version's (the t3-validator lists with that)
            if (request.method().equals("GET") && response.status() == 200
                    && new String(response.body(), 0, Math.min(response.body().length, 512), StandardCharsets.UTF_8)
                    .contains("<ListBucketResult")) {
                return response.withBody(listing(new String(response.body(), StandardCharsets.UTF_8))
                        .getBytes(StandardCharsets.UTF_8));
            }
            return response;
        }

        private String listing(String xml) {
            Matcher contents = CONTENTS.matcher(xml);
            StringBuilder out = new StringBuilder();
            int hiddenKeys = 0;
            while (contents.find()) {
                String entry = contents.group();
                Matcher key = KEY.matcher(entry);
                Write write = key.find() ? hidden(unescape(key.group(1))) : null;
                String replacement = entry;
                if (write != null) {
                    if (write.previousEtag() == null) {
                        replacement = "";
                        hiddenKeys++;
                    } else {
                        replacement = ETAG.matcher(entry).replaceFirst(Matcher.quoteReplacement("<ETag>"
                                + write.previousEtag().replace("\"", "&quot;") + "</ETag>"));
                    }
                }
                contents.appendReplacement(out, Matcher.quoteReplacement(replacement));
            }
            contents.appendTail(out);
            int hidden = hiddenKeys;
            return Pattern.compile("<KeyCount>(\\d+)</KeyCount>").matcher(out.toString())
                    .replaceFirst(m -> "<KeyCount>" + (Integer.parseInt(m.group(1)) - hidden) + "</KeyCount>");
        }

        private static String unescape(String xml) {
            return xml.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'")
                    .replace("&amp;", "&");
        }
    }

    @Override
    public void close() {
        primary.close();
        replicas.forEach(HttpFront::close);
    }

    /**
     * {@code ReplicationLag UPSTREAM_URL LAG...}: a primary front and a replica front per lag ({@code 0ms},
     * {@code 300ms}) in front of {@code UPSTREAM_URL}, until killed; prints each front's URL, a line each.
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: ReplicationLag UPSTREAM_URL LAG...");
            System.exit(2);
        }
        ReplicationLag lag = new ReplicationLag(URI.create(args[0]));
        System.out.println("primary " + lag.primary());
        for (int i = 1; i < args.length; i++) {
            Duration d = io.s3workload.ground.Durations.parse(args[i])
                    .orElseThrow(() -> new IllegalArgumentException("not a duration: " + String.join(" ", args)));
            System.out.println("replica " + args[i] + " " + lag.replica(d));
        }
        System.out.flush();
        Thread.currentThread().join();
    }
}
