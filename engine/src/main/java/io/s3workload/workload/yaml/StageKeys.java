package io.s3workload.workload.yaml;

import static io.s3workload.workload.StageKind.APPEND;
import static io.s3workload.workload.StageKind.CAPACITY;
import static io.s3workload.workload.StageKind.COMPARE;
import static io.s3workload.workload.StageKind.CONNECTIVITY;
import static io.s3workload.workload.StageKind.COPY;
import static io.s3workload.workload.StageKind.DELETE;
import static io.s3workload.workload.StageKind.GET;
import static io.s3workload.workload.StageKind.GROUP;
import static io.s3workload.workload.StageKind.HEAD;
import static io.s3workload.workload.StageKind.LIST;
import static io.s3workload.workload.StageKind.LOOPS;
import static io.s3workload.workload.StageKind.MIX;
import static io.s3workload.workload.StageKind.PUT;
import static io.s3workload.workload.StageKind.RANGE_READ;
import static io.s3workload.workload.StageKind.REPLAY;
import static io.s3workload.workload.StageKind.SWEEP;
import static io.s3workload.workload.StageKind.TRANSCODE;
import static io.s3workload.workload.StageKind.VERSIONS;
import static io.s3workload.workload.yaml.Keys.*;

import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.Defaults;
import io.s3workload.workload.StageGraph;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageKind.Trait;
import io.s3workload.workload.composite.CompareStage;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.objects.Multipart;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

/** The keys a stage takes, each with the kinds that take it. Part of the key catalogue ({@link Keys}), in the order the schema and the reference show them. */
final class StageKeys {

    private StageKeys() {
    }

    static final List<Key> KEYS = List.of(
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
        stage(kinds(StageKind.Workers.IN_FLIGHT), "concurrency", "count",
                StageKind.Workers.DEFAULT_IN_FLIGHT, 1024, "The most operations in flight: a"
                + " worker takes each operation as it falls due; when all are busy it starts late, and the report"
                + " says so."),
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
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(StageKind.class))), "rate",
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
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(StageKind.class))), "access",
                "access", GET.defaultAccess().toString(), "{zipf: 1.1}", ACCESS_TEXT),

        stage(trait(Trait.DURATION_BOUND), "duration",
                "duration",
                null, "30s", "How long each cell runs; with stopWhenStable, the most it may run.").scaled(Scale.DURATION),
        stage(trait(Trait.OPERATION_BOUND), "operations",
                "count", null,
                1000, "Operations per cell.").scaled(Scale.COUNT),
        stage(EnumSet.of(PUT, VERSIONS, MIX, SWEEP, APPEND), "objects", "count", null, 100,
                "Distinct keys: written round-robin (put, versions), seeded (mix, sweep) or grown in turn (append).").scaled(Scale.COUNT),
        stage(EnumSet.of(PUT, GET, VERSIONS, MIX), "size", "sizeOrRange", null, "1MiB", "The object size: one size, a"
                + " range {min, max} (uniform; log: true for log-uniform), weights {weights: {4KiB: 70%, 1MiB: 25%,"
                + " 64MiB: 5%}} or a histogram {file: sizes.csv} of size,count lines.").scaled(Scale.SIZE).list(),
        stage(PROBES, "size", "sizeOrRange", ConsistencyProbe.DEFAULT_SIZE, "1MiB", "The size of each object written.")
                .scaled(Scale.SIZE),
        stage(EnumSet.of(PUT, GET, SWEEP), "sizes", "sizes", null, "[4KiB, 1MiB, 64MiB]",
                "Object sizes, one cell each.").scaled(Scale.SIZE).list(),
        stage(EnumSet.of(GET, HEAD, COPY), "from", "from", null, "put-1mib", "The earlier stage whose"
                + " objects this one reads, HEADs or copies; or existing objects: {prefix: datasets/2024/}."),
        stage(EnumSet.of(DELETE, LIST), "from", "name", null, "put-1mib",
                "The earlier stage whose objects this one deletes or lists."),
        stage(EnumSet.of(PUT, GET, RANGE_READ, TRANSCODE), "multipart", "multipart", Multipart.DEFAULT,
                "{partSize: 16MiB, parallel: 8}", "How large objects are uploaded: in parts above threshold, or false"
                        + " for one request."),
        stage(EnumSet.of(GET, RANGE_READ, COPY), "verify", "boolean", false, true,
                "Check every byte read against what was written."),
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
        stage(EnumSet.of(PUT, GET, RANGE_READ, VERSIONS, MIX, TRANSCODE, REPLAY), "data", "data", "unique",
                "{compressible: 2.0, dedupe: 3.0}", "What object bodies are made of: unique (every byte distinct,"
                        + " nothing for a data-reducing store to shrink), or ratios to offer a compressor and fixed"
                        + " 4 KiB-block deduplication on purpose.").inDefaults(),
        stage(EnumSet.of(RANGE_READ, TRANSCODE), "sources", "sources", null, "{count: 4, size: 10GiB, reuse: true}",
                "Large source objects: how many, how large, and whether to reuse them across runs."),
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
        stage(EnumSet.of(SWEEP), "preset", "preset", null, "quick", "A sweep's thread counts and sizes: quick or full."),
        stage(EnumSet.of(SWEEP), "threads", "counts", null, "[1, 8, 32]", "A sweep's thread counts.").list(),
        stage(EnumSet.of(SWEEP), "op", "sweepOp", "get", "put", "The operation a sweep measures."),
        stage(EnumSet.of(COMPARE), "order", "compareOrder", "in-turn", "interleaved",
                "The endpoints' rounds: each endpoint's in turn, or interleaved round by round."),
        stage(EnumSet.of(COMPARE), "rounds", "count", null, 3, "Rounds of a compare (default "
                + CompareStage.defaultRounds(CompareStage.Order.IN_TURN) + "; interleaved: "
                + CompareStage.defaultRounds(CompareStage.Order.INTERLEAVED) + ")."),
        stage(EnumSet.of(COMPARE), "stage", "innerStage", null, "{kind: get, size: 1MiB, duration: 30s}",
                "The stage a compare runs against each endpoint."),
        stage(EnumSet.of(LOOPS), "count", "count", 1, 10, "How many times the loop runs its stages.")
                .scaled(Scale.COUNT),
        stage(EnumSet.of(LOOPS, GROUP), "stages", "innerStages", null, "[{name: put, kind: put, size: 1MiB, objects: 100}]",
                "The stages, in order (a graph with after and with)."));
}
