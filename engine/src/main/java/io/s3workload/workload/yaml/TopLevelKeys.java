package io.s3workload.workload.yaml;

import static io.s3workload.workload.yaml.Keys.*;
import static io.s3workload.workload.yaml.Keys.Context.CREDENTIALS;
import static io.s3workload.workload.yaml.Keys.Context.ENDPOINT;
import static io.s3workload.workload.yaml.Keys.Context.FAIL_ON;
import static io.s3workload.workload.yaml.Keys.Context.METRIC;
import static io.s3workload.workload.yaml.Keys.Context.SERVER_METRICS;
import static io.s3workload.workload.yaml.Keys.Context.TLS;

import io.s3workload.workload.Workload;
import java.util.List;

/** The keys of the workload's top level and of the mappings written there (endpoints, defaults, ...). Part of the key catalogue ({@link Keys}), in the order the schema and the reference show them. */
final class TopLevelKeys {

    private TopLevelKeys() {
    }

    static final List<Key> KEYS = List.of(
        top("name", "text", null, "nightly", "The workload's name, shown in the report; by default the file's name."),
        top("description", "text", null, "nightly regression", "A free text shown in the report."),
        top("endpoints", "endpoints", null, "{s3: {url: \"https://s3.us-east-1.amazonaws.com\", region: us-east-1}}",
                "The endpoints by name: each a URL (or several: a group) with its region, credentials and settings."),
        top("bucket", "text", null, "my-bench-bucket",
                "The bucket every request goes to: 3-63 lowercase letters, digits, dots and hyphens."),
        top("prefix", "text", Workload.DEFAULT_PREFIX, "bench", "Keys go under PREFIX/<run-id>/."),
        top("buckets", "buckets", null, 4, "Spread the keys over several buckets: a count (BUCKET-1 .. BUCKET-N)"
                + " or a list of names; each key goes to one by a hash of it, and every cell is also reported per"
                + " bucket. Buckets the run creates (createBucket) it removes after the cleanup."),
        top("createBucket", "boolean", false, true,
                "Create the bucket when it does not exist (a missing bucket is otherwise exit code 3)."),
        top("keep", "boolean", false, true, "Skip the cleanup at the end (the run's objects stay under its prefix)."),
        top("slowest", "whole", Workload.DEFAULT_SLOWEST, 20, "How many of each cell's slowest operations, and first"
                + " failures of each error class, are named with the server's request ids (0: none)."),
        top("seed", "whole", null, 42, "Object bodies are a function of (key, seed): give one to repeat a run's bytes."),
        top("defaults", "defaults", null, "{endpoint: s3, concurrency: 32}",
                "Settings every stage takes unless it sets its own."),
        top("failOn", "failOn", null, "{errorRate: 1%, p99: 200ms}",
                "Thresholds that fail the run (exit code 1); a stage's are merged over these key by key."),
        top("stages", "stages", null, "[{name: put, kind: put, size: 1MiB, objects: 100}]",
                "The stages, in order (a graph with after and with)."),
        top("reports", "reports", Workload.DEFAULT_REPORTS.toString(), "[console, json]",
                "Reports to produce: console, csv, json, hdr, html, ops, profile, prometheus, otlp, web.").list(),
        top("sections", "sections", null, "{connectivity: CONNECTIVITY TESTS, performance: PERFORMANCE TESTS}",
                "A title per stage tag, in order: the console prints it as a banner before the first stage with the"
                        + " tag, and a PASSED/FAILED verdict per section in the TEST SUMMARY."),

        in(ENDPOINT, "url", "text", null, "https://s3.us-east-1.amazonaws.com", "The endpoint's URL."),
        in(ENDPOINT, "urls", "endpointUrls", null, "[\"https://a.example\", \"https://b.example\"]",
                "Several URLs: a group of endpoints; warp's ranges like http://s3-{1...8}:9000 expand."),
        in(ENDPOINT, "region", "text", null, "eu-west-1", "The region requests are signed for. Default: AWS_REGION,"
                + " else the profile's region, else us-east-1 (auto with compat: gcs), corrected from the server's"
                + " answer when given neither way."),
        in(ENDPOINT, "pathStyle", "boolean", null, true, "https://host/bucket/key instead of https://bucket.host/key."),
        in(ENDPOINT, "credentials", "credentials", null, "{profile: bench}",
                "Static keys, an AWS profile, or absent for the AWS default chain."),
        in(ENDPOINT, "compat", "compat", "s3", "gcs", "The server's dialect: s3, or gcs for Google Cloud Storage's XML API."),
        in(ENDPOINT, "tls", "tls", null, "{caCert: /etc/ssl/ca.pem}",
                "TLS settings: a private CA, or no verification at all."),
        in(ENDPOINT, "serverMetrics", "serverMetrics", null,
                "{url: \"http://minio:9000/minio/metrics/v3\", preset: minio}", "The store's own Prometheus metrics:"
                        + " scraped as each cell runs, its requests, errors, bytes and CPU set beside the client's."),
        in(SERVER_METRICS, "url", "text", null, "http://minio:9000/minio/metrics/v3", "The metrics URL (user info"
                + " in it is sent as basic authentication and masked when printed)."),
        in(SERVER_METRICS, "preset", "metricsPreset", null, "minio", "The store whose metric names to use: minio"
                + " (metrics v3) or garage; keys written beside it replace the preset's."),
        in(SERVER_METRICS, "bearerToken", "text", null, "${MINIO_METRICS_TOKEN}",
                "Sent as Authorization: Bearer (write it as ${ENV_VAR}); never printed."),
        in(SERVER_METRICS, "requests", "metric", null, "{metric: s3_requests_total, api: operation}",
                "The counter of requests, by S3 API where 'api' names the label."),
        in(SERVER_METRICS, "errors", "metric", null, "{metric: s3_requests_total, api: operation, where: {code:"
                + " \"[45]..\"}}", "The counter of failed requests, by S3 API where 'api' names the label."),
        in(SERVER_METRICS, "bytesSent", "metric", null, "{metric: s3_tx_bytes_total}",
                "The counter of bytes the store sent."),
        in(SERVER_METRICS, "bytesReceived", "metric", null, "{metric: s3_rx_bytes_total}",
                "The counter of bytes the store received."),
        in(SERVER_METRICS, "cpu", "metric", null, "{metric: process_cpu_seconds_total}",
                "The counter of the store's CPU seconds."),
        in(SERVER_METRICS, "memory", "metric", null, "{metric: process_resident_memory_bytes}",
                "The gauge of the store's resident memory in bytes."),
        in(SERVER_METRICS, "apis", "apiNames", null, "{UploadPart: PutObjectPart}",
                "The store's names of S3 APIs where they are not AWS's."),
        in(METRIC, "metric", "text", null, "s3_requests_total", "The metric's name."),
        in(METRIC, "api", "text", null, "operation", "The label whose value names the S3 API."),
        in(METRIC, "where", "labelFilters", null, "{type: s3}", "Label filters: each a regular expression the"
                + " label's whole value must match (PromQL's =~)."),
        in(CREDENTIALS, "accessKey", "text", null, "${AWS_ACCESS_KEY_ID}",
                "The access key id (with secretKey); prefer ${AWS_ACCESS_KEY_ID} over writing it here."),
        in(CREDENTIALS, "secretKey", "text", null, "${AWS_SECRET_ACCESS_KEY}",
                "The secret key (with accessKey); prefer ${AWS_SECRET_ACCESS_KEY}."),
        in(CREDENTIALS, "sessionToken", "text", null, "${AWS_SESSION_TOKEN}", "A session token for temporary credentials."),
        in(CREDENTIALS, "profile", "text", null, "bench", "An AWS profile from the shared config files."),
        in(TLS, "caCert", "text", null, "/etc/ssl/private-ca.pem",
                "A PEM file of the CA that signed the endpoint's certificate (a private CA)."),
        in(TLS, "insecure", "boolean", false, true, "Skip certificate verification (tests only; every run warns)."),

        in(FAIL_ON, "errorRate", "percent", null, "1%", "Fail when more than this share of operations failed."),
        in(FAIL_ON, "timeoutRate", "percent", null, "1%", "Fail when more than this share of read-backs timed out."),
        in(FAIL_ON, "anomalies", "whole", null, 0, "History stages: fail when the history's check found more"
                + " anomalies than this (0: any), or left a key without a verdict."),
        in(FAIL_ON, "perSecond", "boolean", false, true, "Also judge every one-second interval against the thresholds."),
        in(FAIL_ON, "avg", "duration", null, "50ms", "Fail the run when the average latency is above this."),
        in(FAIL_ON, "p50", "duration", null, "20ms", "Fail when the median latency is above this."),
        in(FAIL_ON, "p90", "duration", null, "100ms", "Fail when the 90th percentile latency is above this."),
        in(FAIL_ON, "p95", "duration", null, "150ms", "Fail when the 95th percentile latency is above this."),
        in(FAIL_ON, "p99", "duration", null, "200ms", "Fail when the 99th percentile latency is above this."),
        in(FAIL_ON, "p99.9", "duration", null, "500ms", "Fail when the 99.9th percentile latency is above this."),
        in(FAIL_ON, "max", "duration", null, "2s", "Fail when the slowest operation took longer than this."));
}
