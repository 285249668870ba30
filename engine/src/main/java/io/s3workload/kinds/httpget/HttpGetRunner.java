package io.s3workload.kinds.httpget;

import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.run.CellRun;
import io.s3workload.run.RunContext;
import io.s3workload.run.StageRunner;
import io.s3workload.run.keys.KeySet;
import io.s3workload.run.loop.OpRecorder;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.RequestTrace;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.paths.StoreFactory;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.endpoints.Urls;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code kind: httpGet}: unsigned GETs of a URL list over keep-alive HTTP/1.1 connections, redirects followed by
 * hand so that they are counted (the cell's items). Latency runs from the first request to the last byte of the
 * final response; TTFB to its headers. {@code timeouts.connect} and {@code timeouts.firstByte} (until the headers)
 * apply to each request, {@code timeouts.total} (the watchdog) to the whole fetch.
 */
public final class HttpGetRunner implements StageRunner {

    private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);
    private static final Duration PRESIGNED_VALIDITY = Duration.ofHours(12);
    private static final int BUFFER_BYTES = 256 * 1024;

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        long start = System.nanoTime();
        HttpGetStage spec = stage.spec(HttpGetStage.class);
        List<URI> urls = urls(stage, spec, context);
        if (urls.isEmpty()) {
            context.note(stage.name(), "no URL to fetch; stage skipped");
            return new StageResult(stage, List.of(), System.nanoTime() - start, context.cancelled());
        }
        CellPlan cell = stage.cells().get(0);
        CellKey key = new CellKey(stage.name(), Op.HTTP_GET, "http", cell.size());
        ClientSettings.Limits timeouts = stage.client().timeouts();
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(timeouts.connect()).build();
        Duration headers = timeouts.firstByte();
        List<String> shown = urls.stream().map(HttpGetRunner::withoutQuery).toList();
        try {
            CellStats stats = CellRun.run(context, stage, key, cell, cell.operationLimit(urls.size()),
                    (i, worker, recorder) -> {
                        int n = (int) (i % urls.size());
                        byte[] buffer = worker.local(() -> new byte[BUFFER_BYTES]);
                        // the URL without its query (it may be signed) names the request among the slowest
                        RequestTrace.current().begin(null, shown.get(n));
                        fetch(client, urls.get(n), spec.maxRedirects(), headers, buffer, recorder);
                    }).stats();
            return new StageResult(stage, List.of(stats), System.nanoTime() - start, context.cancelled());
        } finally {
            client.shutdownNow();
        }
    }

    private static void fetch(HttpClient client, URI url, int maxRedirects, Duration headers, byte[] buffer,
                              OpRecorder recorder) {
        long t0 = System.nanoTime();
        URI target = url;
        int redirects = 0;
        try {
            while (true) {
                HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(target)
                        .timeout(headers).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
                int status = response.statusCode();
                RequestTrace.current().answered(status, response.headers().firstValue("x-amz-request-id")
                        .orElse(null), response.headers().firstValue("x-amz-id-2").orElse(null));
                if (REDIRECTS.contains(status) && redirects < maxRedirects) {
                    String location = response.headers().firstValue("location").orElse(null);
                    drain(response.body(), buffer);
                    if (location == null) {
                        throw failure(status, "redirect without a Location", url);
                    }
                    target = target.resolve(location);
                    redirects++;
                    continue;
                }
                long ttfb = System.nanoTime() - t0;
                long bytes = drain(response.body(), buffer);
                if (status / 100 != 2) {
                    throw failure(status, REDIRECTS.contains(status) ? "more than " + maxRedirects
                            + " redirects" : "", url);
                }
                recorder.success(System.nanoTime() - t0, ttfb, bytes);
                recorder.items(redirects);
                return;
            }
        } catch (IOException e) {
            throw ErrorClassifier.classify(e, withoutQuery(url));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(StoreException.Kind.CLIENT, "interrupted", "interrupted", null);
        }
    }

    private static StoreException failure(int status, String detail, URI url) {
        StoreException.Kind kind = status == 429 || status == 503 ? StoreException.Kind.THROTTLED
                : status == 401 || status == 403 ? StoreException.Kind.AUTH : StoreException.Kind.HTTP;
        String label = ("HTTP " + status + " " + detail).trim();
        return new StoreException(kind, label, withoutQuery(url) + ": " + label, null);
    }

    private static long drain(InputStream body, byte[] buffer) throws IOException {
        long total = 0;
        try (body) {
            for (int n = body.read(buffer); n >= 0; n = body.read(buffer)) {
                total += n;
            }
        }
        return total;
    }

    /** The URL as printed: a presigned one's query is its credential. */
    private static String withoutQuery(URI url) {
        return Urls.printable(url.toString());
    }

    /** The workload's URLs, then the file's, then presigned URLs of the source stage's objects. */
    private static List<URI> urls(StagePlan stage, HttpGetStage spec, RunContext context) {
        List<URI> urls = new ArrayList<>();
        spec.urls().forEach(u -> urls.add(URI.create(u)));
        spec.urlsFile().ifPresent(file -> {
            try {
                for (String line : Files.readAllLines(Path.of(file))) {
                    String url = line.strip();
                    if (!url.isEmpty() && !url.startsWith("#")) {
                        urls.add(URI.create(url));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the URL list " + file + ": " + e.getMessage(), e);
            }
        });
        stage.from().ifPresent(from -> {
            List<String> keys = new ArrayList<>();
            for (Map.Entry<SizeSpec, KeySet> set : context.objects().all(from).entrySet()) {
                for (long i = 0; i < set.getValue().count(); i++) {
                    keys.add(set.getValue().key(i));
                }
            }
            urls.addAll(StoreFactory.presignedGets(context.clients().endpoint(stage.endpoint()),
                    context.clients().bucket(), keys, PRESIGNED_VALIDITY));
        });
        return urls;
    }
}
