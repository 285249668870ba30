package io.s3workload.trace.formats;

import io.s3workload.trace.TraceFiles;
import io.s3workload.trace.TraceProblems;
import io.s3workload.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The trace formats a replay reads, by their names under {@code format:}, each told from a file's first bytes. */
public enum TraceFormat {
    S3_ACCESS_LOG("s3-access-log"),
    CLOUDTRAIL("cloudtrail"),
    MINIO_AUDIT("minio-audit"),
    OPS_LOG("ops-log");

    private final String key;

    TraceFormat(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Optional<TraceFormat> fromKey(String key) {
        return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst();
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(TraceFormat::key).toList();
    }

    /**
     * The format of {@code file}, told from its beginning: an ops log's header ({@code run,shard,stage,...}), a
     * JSON object with {@code "Records"} (CloudTrail), a JSON object with {@code "api"} (MinIO's audit entry), or an
     * access log record ({@code OWNER BUCKET [dd/Mon/yyyy:...}); empty when it is none of them.
     */
    public static Optional<TraceFormat> detect(Path file) throws IOException {
        String head = TraceFiles.head(file, 4096).stripLeading();
        if (head.startsWith("run,shard,stage,")) {
            return Optional.of(OPS_LOG);
        }
        if (head.startsWith("{")) {
            int records = head.indexOf("\"Records\"");
            if (records >= 0) {
                return Optional.of(CLOUDTRAIL);
            }
            String firstLine = head.lines().findFirst().orElse("");
            if (firstLine.contains("\"api\"")) {
                return Optional.of(MINIO_AUDIT);
            }
            return Optional.empty();
        }
        String first = head.lines().findFirst().orElse("");
        if (first.matches("\\S+ \\S+ \\[\\d{2}/[A-Z][a-z]{2}/\\d{4}:\\d{2}:\\d{2}:\\d{2} [+-]\\d{4}] .*")) {
            return Optional.of(S3_ACCESS_LOG);
        }
        return Optional.empty();
    }

    /** A reader of {@code file} in this format. */
    public TraceReader open(Path file, TraceProblems problems) throws IOException {
        return switch (this) {
            case S3_ACCESS_LOG -> new SpreadWithinSeconds(new AccessLogReader(file, problems));
            case CLOUDTRAIL -> new SpreadWithinSeconds(new CloudTrailReader(file, problems));
            case MINIO_AUDIT -> new MinioAuditReader(file, problems);
            case OPS_LOG -> new OpsLogTraceReader(file, problems);
        };
    }
}
