package io.s3workload.workload.yaml;

import static io.s3workload.workload.yaml.Keys.*;
import static io.s3workload.workload.yaml.Keys.Context.ACCESS;
import static io.s3workload.workload.yaml.Keys.Context.DATA;
import static io.s3workload.workload.yaml.Keys.Context.FROM;
import static io.s3workload.workload.yaml.Keys.Context.HOTSPOT;
import static io.s3workload.workload.yaml.Keys.Context.METADATA;
import static io.s3workload.workload.yaml.Keys.Context.MULTIPART;
import static io.s3workload.workload.yaml.Keys.Context.PARALLEL_RANGES;
import static io.s3workload.workload.yaml.Keys.Context.PAUSE_RANGE;
import static io.s3workload.workload.yaml.Keys.Context.RAMP_STEP;
import static io.s3workload.workload.yaml.Keys.Context.RETENTION;
import static io.s3workload.workload.yaml.Keys.Context.SIZE_RANGE;
import static io.s3workload.workload.yaml.Keys.Context.SOURCES;
import static io.s3workload.workload.yaml.Keys.Context.SSE;
import static io.s3workload.workload.yaml.Keys.Context.STOP_WHEN_STABLE;
import static io.s3workload.workload.yaml.Keys.Context.TIMEOUTS;

import io.s3workload.workload.StopWhenStable;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ParallelRanges;
import java.math.BigDecimal;
import java.util.List;

/** The keys of the mappings written inside a stage (multipart, ranges, slo, ...). Part of the key catalogue ({@link Keys}), in the order the schema and the reference show them. */
final class StageMappingKeys {

    private StageMappingKeys() {
    }

    static final List<Key> KEYS = List.of(
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
        in(MULTIPART, "threshold", "size", Multipart.DEFAULT.threshold(), "128MiB",
                "Objects larger than this go in parts.").scaled(Scale.SIZE),
        in(MULTIPART, "partSize", "size", Multipart.DEFAULT.partSize(), "16MiB",
                "Bytes per part (at least 5 MiB, as S3 requires).").scaled(Scale.SIZE),
        in(MULTIPART, "parallel", "count", Multipart.DEFAULT.parallel(), 4, "Parts in flight per object."),
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
}
