package io.s3workload.testing;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the requests it forwards to a real S3 server by S3 API, as a store counts the requests it serves, and
 * publishes the counts at {@code /metrics} in Prometheus's text format (S3Proxy publishes none): requests and
 * errors by API, bytes sent and received, and a CPU counter. The metrics requests themselves are answered here and
 * not counted. It can be told to stop answering {@code /metrics} (a dead metrics endpoint).
 */
public final class MetricsFront implements HttpFront.Interceptor {

    private final Map<String, LongAdder> requests = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    private final LongAdder sent = new LongAdder();
    private final LongAdder received = new LongAdder();
    private volatile boolean metricsDown;

    /** The S3 API a path-style request calls, by AWS's names; "other" for what a benchmark does not send. */
    public static String api(HttpFront.Request request) {
        String q = request.query();
        boolean key = request.key().isPresent();
        return switch (request.method()) {
            case "GET" -> key ? "GetObject" : q.contains("list-type=2") ? "ListObjectsV2"
                    : q.contains("versioning") ? "GetBucketVersioning" : q.contains("uploads") ? "ListMultipartUploads"
                    : "ListObjects";
            case "PUT" -> !key ? "CreateBucket" : q.contains("partNumber=") ? "UploadPart"
                    : request.headers().stream().anyMatch(h -> h.name().equalsIgnoreCase("x-amz-copy-source"))
                    ? "CopyObject" : "PutObject";
            case "HEAD" -> key ? "HeadObject" : "HeadBucket";
            case "DELETE" -> key ? (q.contains("uploadId=") ? "AbortMultipartUpload" : "DeleteObject")
                    : "DeleteBucket";
            case "POST" -> q.contains("uploads") ? "CreateMultipartUpload" : q.contains("uploadId=")
                    ? "CompleteMultipartUpload" : q.contains("delete") ? "DeleteObjects" : "other";
            default -> "other";
        };
    }

    @Override
    public HttpFront.Response before(HttpFront.Request request) {
        if (request.path().equals("/metrics")) {
            if (metricsDown) {
                return new HttpFront.Response(503, "Service Unavailable", List.of(), new byte[0]);
            }
            return new HttpFront.Response(200, "OK", List.of(new HttpFront.Header("Content-Type",
                    "text/plain; version=0.0.4")), text().getBytes(StandardCharsets.UTF_8));
        }
        return null;
    }

    @Override
    public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
        // counted as it is answered, as a server counts a request it has served
        String api = api(request);
        requests.computeIfAbsent(api, a -> new LongAdder()).increment();
        if (upstream.status() >= 400) {
            errors.computeIfAbsent(api, a -> new LongAdder()).increment();
        }
        received.add(request.body().length);
        sent.add(upstream.body().length);
        return upstream;
    }

    /** Every request after this answers the metrics endpoint with 503 (true), or serves it again (false). */
    public void metricsDown(boolean down) {
        this.metricsDown = down;
    }

    private String text() {
        StringBuilder t = new StringBuilder("# HELP s3_requests_total Requests served\n# TYPE s3_requests_total counter\n");
        requests.forEach((api, n) -> t.append("s3_requests_total{api=\"").append(api)
                .append("\",server=\"front\"} ").append(n.sum()).append('\n'));
        t.append("# TYPE s3_errors_total counter\n");
        errors.forEach((api, n) -> t.append("s3_errors_total{api=\"").append(api).append("\"} ").append(n.sum())
                .append('\n'));
        t.append("s3_tx_bytes_total ").append(sent.sum()).append('\n');
        t.append("s3_rx_bytes_total ").append(received.sum()).append('\n');
        // this process's own CPU and heap: S3Proxy runs in it
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean();
        t.append("process_cpu_seconds_total ").append(os.getProcessCpuTime() / 1e9).append('\n');
        t.append("process_resident_memory_bytes ").append(Runtime.getRuntime().totalMemory()).append('\n');
        return t.toString();
    }
}
