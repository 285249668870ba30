package io.s3workload.workload.yaml;

import static io.s3workload.workload.StageKind.CONNECTIVITY;
import static io.s3workload.workload.StageKind.CAPACITY;
import static io.s3workload.workload.StageKind.COMPARE;
import static io.s3workload.workload.StageKind.COPY;
import static io.s3workload.workload.StageKind.DELETE;
import static io.s3workload.workload.StageKind.GET;
import static io.s3workload.workload.StageKind.GROUP;
import static io.s3workload.workload.StageKind.HEAD;
import static io.s3workload.workload.StageKind.HTTP_GET;
import static io.s3workload.workload.StageKind.LIST;
import static io.s3workload.workload.StageKind.LIST_AFTER_WRITE;
import static io.s3workload.workload.StageKind.LOOPS;
import static io.s3workload.workload.StageKind.MIX;
import static io.s3workload.workload.StageKind.PUT;
import static io.s3workload.workload.StageKind.RANGE_READ;
import static io.s3workload.workload.StageKind.READ_AFTER_WRITE;
import static io.s3workload.workload.StageKind.SWEEP;
import static io.s3workload.workload.StageKind.TRANSCODE;
import static io.s3workload.workload.StageKind.VERSIONS;
import static io.s3workload.workload.StageKind.APPEND;
import static io.s3workload.workload.yaml.Keys.Context.ACCESS;
import static io.s3workload.workload.yaml.Keys.Context.CAPACITY_RATE;
import static io.s3workload.workload.yaml.Keys.Context.CAPACITY_USERS;
import static io.s3workload.workload.yaml.Keys.Context.CREDENTIALS;
import static io.s3workload.workload.yaml.Keys.Context.DATA;
import static io.s3workload.workload.yaml.Keys.Context.ENDPOINT;
import static io.s3workload.workload.yaml.Keys.Context.FAIL_ON;
import static io.s3workload.workload.yaml.Keys.Context.FROM;
import static io.s3workload.workload.yaml.Keys.Context.HOTSPOT;
import static io.s3workload.workload.yaml.Keys.Context.METADATA;
import static io.s3workload.workload.yaml.Keys.Context.COPY_MULTIPART;
import static io.s3workload.workload.yaml.Keys.Context.MULTIPART;
import static io.s3workload.workload.yaml.Keys.Context.OPS;
import static io.s3workload.workload.yaml.Keys.Context.PARALLEL_RANGES;
import static io.s3workload.workload.yaml.Keys.Context.PAUSE_RANGE;
import static io.s3workload.workload.yaml.Keys.Context.RAMP_STEP;
import static io.s3workload.workload.yaml.Keys.Context.SIZE_RANGE;
import static io.s3workload.workload.yaml.Keys.Context.SLO;
import static io.s3workload.workload.yaml.Keys.Context.SOURCES;
import static io.s3workload.workload.yaml.Keys.Context.SSE;
import static io.s3workload.workload.yaml.Keys.Context.RETENTION;
import static io.s3workload.workload.yaml.Keys.Context.STOP_WHEN_STABLE;
import static io.s3workload.workload.yaml.Keys.Context.TIMEOUTS;
import static io.s3workload.workload.yaml.Keys.Context.TLS;
import static io.s3workload.workload.yaml.Keys.Context.TOP;
import static io.s3workload.workload.yaml.Keys.Context.SERVER_METRICS;
import static io.s3workload.workload.yaml.Keys.Context.METRIC;

import io.s3workload.workload.CapacityStage;
import io.s3workload.workload.ClientSettings;
import io.s3workload.workload.ConnectivityStage;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.CopyStage;
import io.s3workload.workload.Defaults;
import io.s3workload.workload.GetStage;
import io.s3workload.workload.HttpGetStage;
import io.s3workload.workload.ListAfterWriteStage;
import io.s3workload.workload.ListStage;
import io.s3workload.workload.Multipart;
import io.s3workload.workload.ParallelRanges;
import io.s3workload.workload.StageGraph;
import io.s3workload.workload.StageKind.Trait;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StopWhenStable;
import io.s3workload.workload.TranscodeStage;
import io.s3workload.workload.VersionsStage;
import io.s3workload.workload.Workload;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Every key a workload may write, each described once, on one entry: where it is written, its type, its default,
 * an example, what it means, which stage kinds take it and how {@code --scale} treats it. Everything else reads
 * this list: the keys each mapping accepts (and so did-you-mean), the JSON Schema ({@link WorkloadSchema}), the
 * reference's tables (checked by a test), {@code --scale} ({@link Scaling}) and {@code --set}'s lists
 * ({@link Overrides}). Adding a key is one entry here and the code that reads it: docs/developing.md.
 */
final class Keys {

    private static final Set<StageKind> ALL = EnumSet.allOf(StageKind.class);
    /**
     * The kinds that talk to a store themselves: all but the composites that only hold other stages, and capacity,
     * whose load says how it talks to the store.
     */
    private static final Set<StageKind> STORE = EnumSet.complementOf(EnumSet.of(COMPARE, LOOPS, GROUP, CAPACITY));
    /**
     * The kinds whose workers rate, ramp and thinkTime pace: not the probes, which pace themselves (iterations,
     * pollInterval), nor capacity, whose steps pace its load.
     */
    private static final Set<StageKind> PACED = EnumSet.complementOf(EnumSet.of(SWEEP, COMPARE, LOOPS, GROUP,
            CAPACITY, CONNECTIVITY, READ_AFTER_WRITE, LIST_AFTER_WRITE));
    /** The kinds that run workers of their own (a sweep's members do). */
    private static final Set<StageKind> WORKERS = EnumSet.complementOf(EnumSet.of(SWEEP, COMPARE, LOOPS, GROUP));
    private static final Set<StageKind> PROBES = EnumSet.of(READ_AFTER_WRITE, LIST_AFTER_WRITE);
    private static final Set<StageKind> WRITES_SETTINGS = EnumSet.of(PUT, GET, MIX);

    private static final String ACCESS_TEXT = "How a reading stage picks its keys: roundRobin (each in turn),"
            + " random (uniform), {zipf: EXPONENT} (the r-th most read key in proportion to r^-exponent) or"
            + " {hotspot: {keys, share}}.";

    private static final List<Key> KEYS = List.of(
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
        top("reports", "reports", "[console]", "[console, json]",
                "Reports to produce: console, csv, json, hdr, html, prometheus, otlp.").list(),
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
        in(FAIL_ON, "perSecond", "boolean", false, true, "Also judge every one-second interval against the thresholds."),
        in(FAIL_ON, "avg", "duration", null, "50ms", "Fail the run when the average latency is above this."),
        in(FAIL_ON, "p50", "duration", null, "20ms", "Fail when the median latency is above this."),
        in(FAIL_ON, "p90", "duration", null, "100ms", "Fail when the 90th percentile latency is above this."),
        in(FAIL_ON, "p95", "duration", null, "150ms", "Fail when the 95th percentile latency is above this."),
        in(FAIL_ON, "p99", "duration", null, "200ms", "Fail when the 99th percentile latency is above this."),
        in(FAIL_ON, "p99.9", "duration", null, "500ms", "Fail when the 99.9th percentile latency is above this."),
        in(FAIL_ON, "max", "duration", null, "2s", "Fail when the slowest operation took longer than this."),

        stage(ALL, "name", "name", null, "put-1mib", "The stage's name: unique; letters, digits, '.', '_', '-'."),
        stage(ALL, "kind", "kind", null, "put", "The stage kind."),
        stage(ALL, "tags", "names", null, "[perf]", "Names --only and --skip select the stage by.").list(),
        stage(ALL, "after", "names", null, "[put-1mib]", "Stages that must end before this one starts; [] starts it"
                + " at once. Default: the stage written before it.").list(),
        stage(ALL, "onFailure", "onFailure", StageGraph.OnFailure.STOP_DEPENDANTS, "stopRun",
                "What this stage crossing a failOn threshold stops: the stages after it, or the whole run."),
        stage(WORKERS, "with", "name", null, "load-200", "Start with that stage and stop when it stops."),
        stage(union(STORE, EnumSet.of(CAPACITY)), "endpoint", "name", null, "s3",
                "The endpoint a stage talks to (for probes: the default writer; for capacity: its load's).")
                .inDefaults(),
        stage(kinds(StageKind.Workers.CONCURRENCY), "concurrency", "count", Defaults.CONCURRENCY, 64,
                "Workers, each a virtual thread running one operation at a time.").inDefaults(),
        stage(kinds(StageKind.Workers.ONE), "concurrency", "count", 1, 4,
                "Iterations in flight (a probe's writes and reads back)."),
        stage(STORE, "failOn", "failOn", null, "{errorRate: 1%, p99: 200ms}",
                "Thresholds that fail the run (exit code 1), merged key by key over the workload's."),
        stage(STORE, "client", "client", ClientSettings.DEFAULT.kind(), "sync",
                "The S3 client: http (the lean client), sync (AWS SDK, Apache) or crt (AWS CRT).").inDefaults(),
        stage(STORE, "checksums", "checksums", ClientSettings.DEFAULT.checksums(), "always",
                "The AWS SDK's own checksum policy for its clients: when-required or always.").inDefaults(),
        stage(STORE, "clients", "clients", ClientSettings.DEFAULT.sharing(), "per-worker",
                "One client shared by the stage's workers, or one per worker.").inDefaults(),
        stage(STORE, "connections", "count", null, 128,
                "The connection pool's size; by default as many as the stage's workers can use.").inDefaults(),
        stage(STORE, "timeouts", "timeouts", null, "{connect: 2s, firstByte: 5s, total: 30s}",
                "Per-request time limits.").inDefaults(),
        stage(STORE, "retries", "whole", ClientSettings.DEFAULT.retries(), 2, "More attempts for failures that may pass (5xx, resets, timeouts).")
                .inDefaults(),
        stage(STORE, "backOff", "boolean", ClientSettings.DEFAULT.backOff(), false, "A worker whose connection is"
                + " refused (or whose server cannot be reached) waits before its next operation, 50 ms doubling to 1 s,"
                + " jittered; false: fail as fast as the kernel refuses.").inDefaults(),
        stage(EnumSet.complementOf(EnumSet.of(TRANSCODE)).stream().filter(PACED::contains)
                .collect(java.util.stream.Collectors.toCollection(() -> EnumSet.noneOf(StageKind.class))), "rate",
                "rate", null, "200/s",
                "An open loop: operations started per second, however long they take."),
        stage(PACED, "ramp", "ramp", null, "[{to: 64, over: 30s}]",
                "Steps the workers (closed loop) or the rate (open loop) move through, each over a time."),
        stage(PACED, "thinkTime", "durationOrRange", null, "100ms",
                "A pause between a worker's operations (closed loop), fixed or {min, max}."),
        stage(trait(Trait.WARM_UP), "warmUp", "duration", null, "10s",
                "Run each cell's load unmeasured for this long first."),
        stage(trait(Trait.STOP_WHEN_STABLE), "stopWhenStable", "stopWhenStable", null, "{window: 10s, within: 5%}",
                "End a duration-bound cell once each of the last window's per-second throughputs is within 'within'"
                        + " of their mean (warp's --autoterm)."),
        stage(union(trait(Trait.SPREADS), EnumSet.of(CONNECTIVITY, COMPARE)), "endpoints", "names", null,
                "[s3-1, s3-2]", "Endpoint names: those a stage spreads its workers over, compares or checks.").list(),
        stage(trait(Trait.SPREADS), "hostSelect", "hostSelect", "roundrobin", "random",
                "How workers are spread over 'endpoints': in turn by worker, or at random."),
        stage(EnumSet.complementOf(EnumSet.of(RANGE_READ)).stream().filter(trait(Trait.PICKS_KEYS)::contains)
                .collect(java.util.stream.Collectors.toCollection(() -> EnumSet.noneOf(StageKind.class))), "access",
                "access", GET.defaultAccess().toString(), "{zipf: 1.1}", ACCESS_TEXT),
        stage(EnumSet.of(RANGE_READ), "access", "access", RANGE_READ.defaultAccess().toString(), "{zipf: 1.1}",
                ACCESS_TEXT),

        stage(EnumSet.of(PUT, GET, HEAD, LIST, RANGE_READ, COPY, MIX, TRANSCODE, SWEEP, APPEND), "duration", "duration",
                null, "30s", "How long each cell runs; with stopWhenStable, the most it may run.").scaled(Scale.DURATION),
        stage(EnumSet.of(HTTP_GET), "duration", "duration", HttpGetStage.DEFAULT_DURATION, "30s",
                "How long the stage fetches; with stopWhenStable, the most it may run.").scaled(Scale.DURATION),
        stage(EnumSet.of(PUT, GET, HEAD, LIST, RANGE_READ, COPY, MIX, HTTP_GET, SWEEP, APPEND), "operations", "count", null,
                1000, "Operations per cell.").scaled(Scale.COUNT),
        stage(EnumSet.of(PUT, VERSIONS, MIX, SWEEP, APPEND), "objects", "count", null, 100,
                "Distinct keys: written round-robin (put, versions), seeded (mix, sweep) or grown in turn (append).").scaled(Scale.COUNT),
        stage(EnumSet.of(GET), "objects", "count", GetStage.DEFAULT_SEED_OBJECTS, 100,
                "The objects a get stage seeds itself (with sizes).").scaled(Scale.COUNT),
        stage(EnumSet.of(LIST_AFTER_WRITE), "objects", "count", ListAfterWriteStage.DEFAULT_OBJECTS, 100,
                "Objects written and listed per iteration.").scaled(Scale.COUNT),
        stage(EnumSet.of(PUT, GET, VERSIONS, MIX), "size", "sizeOrRange", null, "1MiB", "The object size: one size, a"
                + " range {min, max} (uniform; log: true for log-uniform), weights {weights: {4KiB: 70%, 1MiB: 25%,"
                + " 64MiB: 5%}} or a histogram {file: sizes.csv} of size,count lines.").scaled(Scale.SIZE).list(),
        stage(PROBES, "size", "sizeOrRange", ConsistencyProbe.DEFAULT_SIZE, "1MiB", "The size of each object written.")
                .scaled(Scale.SIZE),
        stage(EnumSet.of(PUT, GET, SWEEP), "sizes", "sizes", null, "[4KiB, 1MiB, 64MiB]",
                "Object sizes, one cell each.").scaled(Scale.SIZE).list(),
        stage(EnumSet.of(RANGE_READ), "from", "fromPrefix", null, "{prefix: datasets/2024/}", "Existing objects"
                + " to read ranges of, instead of sources of its own: {prefix: datasets/2024/}."),
        stage(EnumSet.of(GET, HEAD, COPY), "from", "from", null, "put-1mib", "The earlier stage whose"
                + " objects this one reads, HEADs or copies; or existing objects: {prefix: datasets/2024/}."),
        stage(EnumSet.of(DELETE, LIST), "from", "name", null, "put-1mib",
                "The earlier stage whose objects this one deletes or lists."),
        stage(EnumSet.of(HTTP_GET), "from", "name", null, "put-1mib",
                "The earlier stage whose objects this one fetches by presigned URL."),
        stage(EnumSet.of(PUT, GET, RANGE_READ, TRANSCODE), "multipart", "multipart", Multipart.DEFAULT,
                "{partSize: 16MiB, parallel: 8}", "How large objects are uploaded: in parts above threshold, or false"
                        + " for one request."),
        stage(EnumSet.of(COPY), "multipart", "copyMultipart", CopyStage.DEFAULT_MULTIPART,
                "{partSize: 1GiB, parallel: 8}", "How large objects are copied: in parts (UploadPartCopy) above"
                        + " threshold, or false for one CopyObject."),
        stage(EnumSet.of(GET), "parallelRanges", "parallelRanges", ParallelRanges.DEFAULT, "{chunk: 16MiB, parallel: 8}",
                "Large objects read as ranged GETs in parallel above threshold, or false."),
        stage(EnumSet.of(GET, RANGE_READ, COPY), "verify", "boolean", false, true,
                "Check every byte read against what was written."),
        stage(EnumSet.of(GET), "validateChecksum", "boolean", false, true, "Ask the server for each object's checksum"
                + " and check the body against it; a difference is a \"checksum mismatch\" error."),
        stage(EnumSet.of(PUT), "sharedKeys", "boolean", false, true, "Let workers PUT one key at the same time"
                + " (overwrite contention on purpose); by default a worker takes a key no other is writing."),
        stage(EnumSet.of(PUT), "conditional", "conditional", "none", "ifNoneMatch", "A condition each PUT (and"
                + " multipart completion) sends: ifNoneMatch (If-None-Match: *, create only) or ifMatch (If-Match:"
                + " the ETag last written); a store that finds it false answers 412, counted as PreconditionFailed."),
        stage(WRITES_SETTINGS, "sse", "sse", null, "s3", "Server-side encryption: s3, kms, or c (a random key per run,"
                + " sent on every request for the objects)."),
        stage(WRITES_SETTINGS, "storageClass", "text", null, "STANDARD_IA",
                "The storage class the objects are written in."),
        stage(WRITES_SETTINGS, "metadata", "metadata", null, "{owner: bench, note: {random: 256B}}", "User metadata"
                + " stored with each object (x-amz-meta-NAME): a text, or {random: SIZE} random letters per object."),
        stage(WRITES_SETTINGS, "objectTags", "objectTags", null, "{project: bench}",
                "Object tags stored with each object (x-amz-tagging); at most 10."),
        stage(WRITES_SETTINGS, "checksum", "checksum", "none", "crc32c", "A checksum computed over each PUT's (and"
                + " part's) bytes and sent with it, so the server verifies what it stores (md5 when none is given"
                + " and the objects are written under object lock, which S3 requires)."),
        stage(WRITES_SETTINGS, "retention", "retention", null, "{mode: governance, for: 1h}", "Object lock"
                + " retention set on each object as it is written (the bucket must have object lock enabled);"
                + " the cleanup bypasses governance and waits compliance out."),
        stage(WRITES_SETTINGS, "legalHold", "boolean", false, true, "Write each object under an object lock legal"
                + " hold (x-amz-object-lock-legal-hold: ON); the cleanup lifts it before deleting."),
        stage(EnumSet.of(PUT, GET, RANGE_READ, VERSIONS, MIX, TRANSCODE), "data", "data", "unique",
                "{compressible: 2.0, dedupe: 3.0}", "What object bodies are made of: unique (every byte distinct,"
                        + " nothing for a data-reducing store to shrink), or ratios to offer a compressor and fixed"
                        + " 4 KiB-block deduplication on purpose.").inDefaults(),
        stage(EnumSet.of(DELETE), "batch", "count", 1, 500, "Keys per operation: above 1, each operation is one"
                + " DeleteObjects request of up to this many keys (at most 1000), its items the keys removed."),
        stage(EnumSet.of(LIST), "pageSize", "count", ListStage.DEFAULT_PAGE_SIZE, 100, "Keys per ListObjectsV2 page."),
        stage(EnumSet.of(APPEND), "append", "size", null, "64KiB", "Bytes each append adds to an object (the"
                + " first write of each creates it with as many).").scaled(Scale.SIZE),
        stage(EnumSet.of(VERSIONS), "versions", "count", VersionsStage.DEFAULT_VERSIONS, 10,
                "Versions written of each key."),
        stage(EnumSet.of(MIX), "ops", "weights", null, "{get: 45, head: 30, put: 15, delete: 10}",
                "Weights of the mix's operations (whole numbers); warp's stat is head."),
        stage(EnumSet.of(RANGE_READ, TRANSCODE), "sources", "sources", null, "{count: 4, size: 10GiB, reuse: true}",
                "Large source objects: how many, how large, and whether to reuse them across runs."),
        stage(EnumSet.of(RANGE_READ), "chunk", "sizeRange", null, "10MiB",
                "Bytes per range request, or {min, max} to draw each length.").scaled(Scale.SIZE),
        stage(EnumSet.of(RANGE_READ), "order", "rangeOrder", "random", "sequential",
                "The offsets read: random, or sequential through each source."),
        stage(EnumSet.of(TRANSCODE), "chunk", "size", null, "10MiB", "Bytes per range request of a job's read.")
                .scaled(Scale.SIZE),
        stage(EnumSet.of(TRANSCODE), "segment", "sizeOrRange", null, "1MiB",
                "Bytes per written segment of a transcode job.").scaled(Scale.SIZE),
        stage(EnumSet.of(TRANSCODE), "jobs", "count", TranscodeStage.DEFAULT_JOBS, 50, "Concurrent transcode jobs."),
        stage(EnumSet.of(TRANSCODE), "consistencyTarget", "duration", TranscodeStage.DEFAULT_TARGET, "1s",
                "A read-back within this is immediate, later eventual."),
        stage(EnumSet.of(TRANSCODE), "readers", "names", null, "[global, regional]",
                "Endpoints that read the written segments back.").list(),
        stage(EnumSet.of(TRANSCODE), "pollInterval", "duration", TranscodeStage.DEFAULT_POLL_INTERVAL, "10ms",
                "Pause between read-backs of a segment not yet visible."),
        stage(EnumSet.of(TRANSCODE), "timeout", "duration", TranscodeStage.DEFAULT_TIMEOUT, "30s",
                "How long a segment's read-back may wait for it."),
        stage(EnumSet.of(CONNECTIVITY), "attempts", "count", ConnectivityStage.DEFAULT_ATTEMPTS, 5,
                "HeadBucket attempts per endpoint."),
        stage(EnumSet.of(CONNECTIVITY), "timeout", "duration", ConnectivityStage.DEFAULT_TIMEOUT, "30s",
                "How long one attempt may take."),
        stage(PROBES, "writers", "names", null, "[global]", "Endpoints that write.").list(),
        stage(PROBES, "readers", "names", null, "[global, regional]", "Endpoints that read back.").list(),
        stage(PROBES, "iterations", "count", ConsistencyProbe.DEFAULT_ITERATIONS, 1000,
                "Writes per writer (per pair with pairs: sequential).").scaled(Scale.COUNT),
        stage(PROBES, "pollInterval", "duration", ConsistencyProbe.DEFAULT_POLL_INTERVAL, "10ms",
                "Pause between read-backs of a write not yet visible."),
        stage(PROBES, "timeout", "duration", ConsistencyProbe.DEFAULT_TIMEOUT, "30s",
                "How long a read-back may wait for its write."),
        stage(PROBES, "immediateWithin", "duration", "0s", "100ms",
                "A converged read within this is counted as immediate (0s: only the first read)."),
        stage(PROBES, "overwrite", "boolean", false, true,
                "Write every iteration to the same key (a new version each time) instead of a new key."),
        stage(PROBES, "pairs", "pairs", "parallel", "sequential",
                "Read-back through every reader at once, or one after another."),
        stage(EnumSet.of(READ_AFTER_WRITE), "readWith", "readWith", "get", "head",
                "Read back with GET (checks the ETag) or HEAD."),
        stage(EnumSet.of(READ_AFTER_WRITE), "writeWith", "writeWith", "put", "copy", "What each iteration writes: a"
                + " PUT, a server-side copy (CopyObject) of a source PUT just before, or a PUT into a versioned bucket"
                + " read back by its version id."),
        stage(EnumSet.of(HTTP_GET), "urls", "urls", null, "[\"https://a.example\", \"https://b.example\"]",
                "URLs to fetch; warp's ranges like http://s3-{1...8}:9000 expand.").list(),
        stage(EnumSet.of(HTTP_GET), "urlsFile", "text", null, "urls.txt", "A file with one URL a line."),
        stage(EnumSet.of(HTTP_GET), "maxRedirects", "whole", HttpGetStage.DEFAULT_MAX_REDIRECTS, 3,
                "HTTP redirects followed per request; more is an error."),
        stage(EnumSet.of(SWEEP), "preset", "preset", null, "quick", "A sweep's thread counts and sizes: quick or full."),
        stage(EnumSet.of(SWEEP), "threads", "counts", null, "[1, 8, 32]", "A sweep's thread counts.").list(),
        stage(EnumSet.of(SWEEP), "op", "sweepOp", "get", "put", "The operation a sweep measures."),
        stage(EnumSet.of(COMPARE), "order", "compareOrder", "in-turn", "interleaved",
                "The endpoints' rounds: each endpoint's in turn, or interleaved round by round."),
        stage(EnumSet.of(COMPARE), "rounds", "count", null, 3, "Rounds of a compare (default 1; interleaved: 3)."),
        stage(EnumSet.of(COMPARE), "stage", "innerStage", null, "{kind: get, size: 1MiB, duration: 30s}",
                "The stage a compare runs against each endpoint."),
        stage(EnumSet.of(CAPACITY), "load", "capacityLoad", null, "{kind: get, from: seed}", "What a capacity"
                + " search offers at every step: a get, put, head, mix or rangeRead stage's settings (endpoint,"
                + " sizes, from, access, data, client), without its pacing or stop."),
        stage(EnumSet.of(CAPACITY), "slo", "slo", null, "{p99: 50ms, errors: 1%}",
                "What a step must meet to hold: latency limits, errors and throttled shares."),
        stage(EnumSet.of(CAPACITY), "rate", "capacityRate", null, "{start: 100/s, factor: 1.5, max: 5000/s}",
                "Search over open-loop rates: from start, each step factor times the last (rate or users)."),
        stage(EnumSet.of(CAPACITY), "users", "capacityUsers", null, "{start: 10, step: 50, max: 500}",
                "Search over closed-loop users (workers): from start, each step so many more (rate or users)."),
        stage(EnumSet.of(CAPACITY), "hold", "duration", CapacityStage.DEFAULT_HOLD, "30s",
                "How long each step is measured.").scaled(Scale.DURATION),
        stage(EnumSet.of(CAPACITY), "settle", "duration", CapacityStage.DEFAULT_SETTLE, "5s",
                "How long each step runs unmeasured before its hold.").scaled(Scale.DURATION),
        stage(EnumSet.of(CAPACITY), "precision", "percent", CapacityStage.DEFAULT_PRECISION, "2%", "How close the"
                + " last step that held and the first that broke must be, in percent of the lower, to end the search."),
        stage(EnumSet.of(CAPACITY), "duration", "duration", CapacityStage.DEFAULT_DURATION, "30m",
                "The most the whole search may take; it then ends with the best answer so far.")
                .scaled(Scale.DURATION),
        stage(EnumSet.of(CAPACITY), "coolDown", "duration", CapacityStage.DEFAULT_COOL_DOWN, "1m", "The most a"
                + " pause after a step that broke may last, waiting for one request to be as fast as unloaded."),
        stage(EnumSet.of(LOOPS), "count", "count", 1, 10, "How many times the loop runs its stages.")
                .scaled(Scale.COUNT),
        stage(EnumSet.of(LOOPS, GROUP), "stages", "innerStages", null, "[{name: put, kind: put, size: 1MiB, objects: 100}]",
                "The stages, in order (a graph with after and with)."),

        in(SLO, "errors", "percent", null, "1%", "A step breaks when more than this share of its operations failed."),
        in(SLO, "throttled", "percent", null, "0.5%",
                "A step breaks when more than this share of its operations were refused as throttling (503, 429)."),
        in(SLO, "avg", "duration", null, "20ms", "A step breaks when its average latency is above this."),
        in(SLO, "p50", "duration", null, "10ms", "A step breaks when its median latency is above this."),
        in(SLO, "p90", "duration", null, "30ms", "A step breaks when its 90th percentile latency is above this."),
        in(SLO, "p95", "duration", null, "40ms", "A step breaks when its 95th percentile latency is above this."),
        in(SLO, "p99", "duration", null, "50ms", "A step breaks when its 99th percentile latency is above this."),
        in(SLO, "p99.9", "duration", null, "200ms", "A step breaks when its 99.9th percentile latency is above this."),
        in(SLO, "max", "duration", null, "1s", "A step breaks when its slowest operation took longer than this."),
        in(CAPACITY_RATE, "start", "rate", null, "100/s", "The first step's rate."),
        in(CAPACITY_RATE, "factor", "ratio", CapacityStage.DEFAULT_FACTOR, 2, "Each step's rate over the last's"
                + " (more than 1)."),
        in(CAPACITY_RATE, "max", "rate", null, "5000/s", "The highest rate offered."),
        in(CAPACITY_USERS, "start", "count", null, 10, "The first step's users."),
        in(CAPACITY_USERS, "step", "count", null, 50, "Users added at each step."),
        in(CAPACITY_USERS, "max", "count", null, 500, "The most users offered (by default the stage's concurrency)."),
        in(FROM, "prefix", "text", null, "datasets/2024/", "Read the objects already under this prefix of the bucket"
                + " (from its root): listed once before the stage, never written, deleted or verified."),
        in(SIZE_RANGE, "min", "size", null, "1MiB", "The smallest value of a range (included).").scaled(Scale.SIZE),
        in(SIZE_RANGE, "max", "size", null, "6MiB", "The largest value of a range (included).").scaled(Scale.SIZE),
        in(SIZE_RANGE, "log", "boolean", false, true, "In a size range: draw sizes log-uniformly (as many objects"
                + " between 4 and 8 KiB as between 4 and 8 MiB) instead of uniformly."),
        in(SIZE_RANGE, "weights", "sizeWeights", null, "{4KiB: 70%, 1MiB: 25%, 64MiB: 5%}", "Sizes and their weights"
                + " (percentages or plain numbers, any total): each object takes a size in proportion to its weight."),
        in(SIZE_RANGE, "file", "text", null, "sizes.csv", "A size histogram: a file of size,count lines (sizes in"
                + " bytes or as 1MiB; a header and # comments allowed), relative to the workload file; objects take"
                + " each size in proportion to its count."),
        in(PAUSE_RANGE, "min", "duration", null, "50ms", "The shortest pause of a range (included)."),
        in(PAUSE_RANGE, "max", "duration", null, "200ms", "The longest pause of a range (included)."),
        in(RAMP_STEP, "to", "rate", null, 64, "A ramp step's workers (closed loop) or rate (open loop)."),
        in(RAMP_STEP, "over", "duration", null, "30s", "How long a ramp step takes to reach its value.")
                .scaled(Scale.DURATION),
        in(OPS, "get", "whole", null, 45, "Weight of GET in the mix."),
        in(OPS, "put", "whole", null, 15, "Weight of PUT in the mix."),
        in(OPS, "delete", "whole", null, 10, "Weight of DELETE in the mix."),
        in(OPS, "head", "whole", null, 30, "Weight of HEAD in the mix."),
        in(OPS, "stat", "whole", null, 30, "Weight of HEAD (warp's stat) in the mix."),
        in(OPS, "list", "whole", null, 5, "Weight of LIST in the mix: one ListObjectsV2 page of up to 1000 keys of"
                + " the working set."),
        in(OPS, "copy", "whole", null, 5, "Weight of COPY in the mix: one CopyObject of a working-set object to a"
                + " key of its own beside it."),
        in(MULTIPART, "threshold", "size", Multipart.DEFAULT.threshold(), "128MiB",
                "Objects larger than this go in parts.").scaled(Scale.SIZE),
        in(MULTIPART, "partSize", "size", Multipart.DEFAULT.partSize(), "16MiB",
                "Bytes per part (at least 5 MiB, as S3 requires).").scaled(Scale.SIZE),
        in(MULTIPART, "parallel", "count", Multipart.DEFAULT.parallel(), 4, "Parts in flight per object."),
        in(COPY_MULTIPART, "threshold", "size", CopyStage.DEFAULT_MULTIPART.threshold(), "1GiB",
                "Objects larger than this are copied in parts (CopyObject takes at most 5 GiB).").scaled(Scale.SIZE),
        in(COPY_MULTIPART, "partSize", "size", CopyStage.DEFAULT_MULTIPART.partSize(), "1GiB",
                "Bytes per part (UploadPartCopy; at least 5 MiB).").scaled(Scale.SIZE),
        in(COPY_MULTIPART, "parallel", "count", CopyStage.DEFAULT_MULTIPART.parallel(), 4,
                "Parts in flight per object."),
        in(MULTIPART, "measureParts", "boolean", false, true, "On a put stage: each part (UploadPart) measured in a"
                + " cell of its own, UPLOAD PART, beside the uploads (latency and throughput per part)."),
        in(PARALLEL_RANGES, "threshold", "size", ParallelRanges.DEFAULT.threshold(), "128MiB",
                "Objects larger than this are read in ranges.").scaled(Scale.SIZE),
        in(PARALLEL_RANGES, "chunk", "size", ParallelRanges.DEFAULT.chunk(), "16MiB", "Bytes per range.")
                .scaled(Scale.SIZE),
        in(PARALLEL_RANGES, "parallel", "count", ParallelRanges.DEFAULT.parallel(), 4, "Ranges in flight per object."),
        in(SOURCES, "count", "count", 1, 10, "How many source objects.").scaled(Scale.COUNT),
        in(SOURCES, "size", "size", null, "10GiB", "How large each source object is.").scaled(Scale.SIZE),
        in(SOURCES, "reuse", "boolean", false, true, "Keep the sources after the run and reuse them in later runs."),
        in(TIMEOUTS, "connect", "duration", ClientSettings.DEFAULT.timeouts().connect(), "2s", "Time limit to open a connection."),
        in(TIMEOUTS, "firstByte", "duration", ClientSettings.DEFAULT.timeouts().firstByte(), "5s",
                "Time limit for the first byte of a response."),
        in(TIMEOUTS, "total", "duration", null, "30s", "Time limit for a whole request (none by default)."),
        in(SSE, "type", "sseType", null, "kms", "sse's type: s3, kms or c."),
        in(RETENTION, "mode", "retentionMode", null, "governance", "governance (lifted by a caller with"
                + " s3:BypassGovernanceRetention, as the cleanup does) or compliance (lifted by nobody: at most 5m)."),
        in(RETENTION, "for", "duration", null, "1h", "How long each object is retained after its write."),
        in(SSE, "kmsKeyId", "text", null, "alias/bench",
                "The KMS key for sse: kms (without it, the bucket's default key)."),
        in(STOP_WHEN_STABLE, "window", "duration", StopWhenStable.DEFAULT.window(), "20s",
                "How many seconds of throughput must hold still."),
        in(STOP_WHEN_STABLE, "within", "percent", BigDecimal.valueOf(StopWhenStable.DEFAULT.withinPercent())
                .stripTrailingZeros().toPlainString() + "%", "10%",
                "How far each second's throughput may be from the window's mean."),
        in(METADATA, "random", "size", null, "256B", "So many random letters per object."),
        in(ACCESS, "zipf", "exponent", null, 1.1, "The rank-frequency exponent of a Zipf law: 1.1 sends about 84% of"
                + " the reads to the hottest 10% of 10,000 keys."),
        in(ACCESS, "hotspot", "hotspot", null, "{keys: 10%, share: 90%}",
                "A hot set: a share of the reads goes to a fraction of the keys, the rest to the others."),
        in(HOTSPOT, "keys", "percent", null, "10%", "How many of the keys are hot (more than 0% and less than 100%)."),
        in(HOTSPOT, "share", "percent", null, "90%", "How many of the reads go to the hot keys."),
        in(DATA, "compressible", "ratio", null, 2.0, "The compression ratio bodies offer a general-purpose compressor"
                + " (zstd, gzip): each 4 KiB block is random for 1/ratio of it and zeros for the rest. Left out:"
                + " none, every byte unique."),
        in(DATA, "dedupe", "ratio", null, 3.0, "The ratio fixed 4 KiB-block deduplication over the run's objects"
                + " reaches: 1 - 1/ratio of the blocks are copies of a few shared ones. Left out: none."));

    private Keys() {
    }

    /** Where a key is written: the workload's top level, a stage, or a mapping inside one (its schema type). */
    enum Context {
        TOP, STAGE, ENDPOINT, CREDENTIALS, TLS, FAIL_ON, FROM, SIZE_RANGE, PAUSE_RANGE, RAMP_STEP, OPS, MULTIPART,
        COPY_MULTIPART,
        PARALLEL_RANGES, SOURCES, TIMEOUTS, SSE, STOP_WHEN_STABLE, METADATA, ACCESS, HOTSPOT, DATA, SLO,
        CAPACITY_RATE, CAPACITY_USERS, SERVER_METRICS, METRIC, RETENTION
    }

    /** What {@code --scale F} does to a key's value: multiplies sizes, counts and durations by F; the rest stay. */
    enum Scale {
        NONE, SIZE, COUNT, DURATION
    }

    /** Every key, in the order written above. */
    static List<Key> all() {
        return KEYS;
    }

    /** The keys written in {@code context}. */
    static List<Key> in(Context context) {
        return KEYS.stream().filter(k -> k.context() == context).toList();
    }

    /** The names of the keys written in {@code context}: what its mapping accepts. */
    static Set<String> names(Context context) {
        return names(in(context));
    }

    /** The keys a stage of {@code kind} takes (one entry per name: the kinds of two entries never overlap). */
    static List<Key> of(StageKind kind) {
        return in(Context.STAGE).stream().filter(k -> k.kinds().contains(kind)).toList();
    }

    static Set<String> names(StageKind kind) {
        return names(of(kind));
    }

    /** The stage keys the top level's {@code defaults} may set for every stage. */
    static List<Key> defaultable() {
        return in(Context.STAGE).stream().filter(Key::defaultable).toList();
    }

    static Set<String> defaultNames() {
        return names(defaultable());
    }

    /** The names {@code --scale} changes as {@code scale}, wherever they are written. */
    static Set<String> scaled(Scale scale) {
        return names(KEYS.stream().filter(k -> k.scale() == scale).toList());
    }

    /** The names whose value is a list of scalars somewhere: {@code --set} splits a comma-separated value. */
    static Set<String> lists() {
        return names(KEYS.stream().filter(Key::listValued).toList());
    }

    private static Set<String> names(List<Key> keys) {
        return keys.stream().map(Key::name).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Key top(String name, String type, Object defaultValue, Object example, String description) {
        return in(TOP, name, type, defaultValue, example, description);
    }

    private static Key in(Context context, String name, String type, Object defaultValue, Object example,
            String description) {
        return new Key(context, name, type, Set.of(), Key.json(defaultValue), Key.json(example),
                description, Scale.NONE, false, false);
    }

    private static Key stage(Set<StageKind> kinds, String name, String type, Object defaultValue, Object example,
            String description) {
        return new Key(Context.STAGE, name, type, Set.copyOf(kinds), Key.json(defaultValue),
                Key.json(example), description, Scale.NONE, false, false);
    }

    /**
     * The keys a stage of {@code kind} does not take though a reader may expect it to, each with the reason: said
     * instead of "unknown key" (and never in the schema, which offers only what binding takes).
     */
    static Map<String, String> refused(StageKind kind) {
        Map<String, String> refused = new java.util.TreeMap<>();
        if (kind.probe()) {
            for (String key : List.of("rate", "ramp", "thinkTime")) {
                refused.put(key, "a " + kind + " stage paces itself (iterations, pollInterval); rate, ramp and"
                        + " thinkTime apply to load stages");
            }
        }
        if (kind == TRANSCODE) {
            refused.put("rate", "a transcode stage runs 'jobs' closed-loop jobs; 'rate' applies to single-operation"
                    + " stages");
            refused.put("concurrency", "a transcode stage sets its parallelism with 'jobs'");
        }
        return refused;
    }

    /** As {@link #refused(StageKind)}, for the keys of a mapping inside a stage. */
    static Map<String, String> refused(Context context) {
        return context == COPY_MULTIPART ? Map.of("measureParts", "measureParts applies to a put stage's uploads,"
                + " whose parts are measured in a cell of their own; here they are not") : Map.of();
    }

    /** Whether a stage of {@code kind} takes rate, ramp and thinkTime (a capacity search's rate is its own). */
    static boolean paced(StageKind kind) {
        return PACED.contains(kind);
    }

    /** The kinds that take {@code workers}: how many workers they run when they do not say. */
    private static Set<StageKind> kinds(StageKind.Workers workers) {
        EnumSet<StageKind> kinds = EnumSet.noneOf(StageKind.class);
        ALL.stream().filter(k -> k.workers() == workers).forEach(kinds::add);
        return kinds;
    }

    private static Set<StageKind> trait(Trait trait) {
        EnumSet<StageKind> kinds = EnumSet.noneOf(StageKind.class);
        ALL.stream().filter(k -> k.has(trait)).forEach(kinds::add);
        return kinds;
    }

    private static Set<StageKind> union(Set<StageKind> a, Set<StageKind> b) {
        EnumSet<StageKind> kinds = EnumSet.copyOf(a);
        kinds.addAll(b);
        return kinds;
    }
}
