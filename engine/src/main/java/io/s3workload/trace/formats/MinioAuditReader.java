package io.s3workload.trace.formats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.trace.TraceOp;
import io.s3workload.trace.TraceProblems;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * MinIO's audit log: a JSON object a line, as its audit webhook posts them ({@code MINIO_AUDIT_WEBHOOK_*}; the
 * entry of madmin-go's {@code logger/audit}). Used: {@code time}, {@code api.name}, {@code api.object} (and
 * {@code api.objects} of a DeleteMultipleObjects), {@code api.statusCode}, {@code api.rx}/{@code tx},
 * {@code api.timeToResponseInNS} and {@code timeToFirstByteInNS} (or their Go durations), the request's query
 * ({@code prefix}, {@code uploadId}, {@code partNumber}) and headers ({@code Range}, the body's length). An entry
 * with no {@code api.name} (not an S3 call) is passed over. An entry's {@code time} is when MinIO made it, after its
 * answer: the operation began {@code timeToResponse} before (where the entry has it) and ended then.
 */
final class MinioAuditReader extends LineTraceReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    MinioAuditReader(Path file, TraceProblems problems) throws IOException {
        super(file, problems);
    }

    /** The entry's {@code time}, in microseconds since the epoch. */
    private static long micros(JsonNode e) throws TraceLineException {
        try {
            Instant t = Instant.parse(e.path("time").asText(""));
            return t.getEpochSecond() * 1_000_000 + t.getNano() / 1_000;
        } catch (DateTimeParseException x) {
            throw new TraceLineException("\"time\" is not an RFC 3339 time: " + e.path("time"));
        }
    }

    @Override
    TraceOp parse(String line, String where) throws TraceLineException {
        JsonNode e;
        try {
            e = JSON.readTree(line);
        } catch (JsonProcessingException x) {
            throw new TraceLineException("not JSON: " + x.getOriginalMessage());
        }
        if (e == null || !e.isObject()) {
            throw new TraceLineException("not a JSON object (an audit entry)");
        }
        JsonNode api = e.path("api");
        String name = api.path("name").asText("");
        if (name.isEmpty()) {
            return null;
        }
        long micros = micros(e);
        TraceOp.Kind kind = kind(name);
        // a batched delete's objects are its keys; MinIO also writes one of them as its "object" (seen on a real
        // MinIO: the batch's last), which is not a key of its own
        String key = kind == TraceOp.Kind.DELETE_OBJECTS ? null : text(api.path("object"));
        JsonNode query = e.path("requestQuery");
        JsonNode headers = e.path("requestHeader");
        long rx = api.path("rx").asLong(-1);
        long tx = api.path("tx").asLong(-1);
        long body = header(headers, "X-Amz-Decoded-Content-Length", header(headers, "Content-Length", rx));
        long size = switch (kind == null ? TraceOp.Kind.LIST : kind) {
            case PUT, MULTIPART_PART -> body;
            case GET -> tx;
            case HEAD, COPY -> header(e.path("responseHeader"), "Content-Length", -1);
            default -> -1;
        };
        // MinIO makes the entry, and so its time, once it has answered (internal/logger's AuditLog, after the
        // handler): the request came in timeToResponse before that
        long toResponse = nanos(api, "timeToResponse");
        TraceOp op = TraceOp.of(micros, kind, name, key, size, api.path("statusCode").asInt(0), where)
                .withServerTimes(toResponse, nanos(api, "timeToFirstByte"))
                .between(toResponse < 0 ? micros : micros - toResponse / 1_000, micros);
        String range = text(headers.path("Range"));
        if (kind == TraceOp.Kind.GET && range != null) {
            long[] r = Ranges.parse(range);
            if (r != null) {
                op = op.withRange(r[0], r[1] < 0 ? Math.max(tx, 0) : r[1]);
            }
        }
        if (kind == TraceOp.Kind.LIST) {
            op = op.withPrefix(text(query.path("prefix")));
        }
        if (kind == TraceOp.Kind.DELETE_OBJECTS) {
            List<String> keys = new ArrayList<>();
            api.path("objects").forEach(o -> keys.add(o.path("objectName").asText()));
            op = op.withKeys(keys);
        }
        String upload = text(query.path("uploadId"));
        if (upload != null) {
            op = op.withUpload(upload, query.path("partNumber").asInt(0));
        }
        return op;
    }

    static TraceOp.Kind kind(String name) {
        return switch (name) {
            case "GetObject" -> TraceOp.Kind.GET;
            case "PutObject" -> TraceOp.Kind.PUT;
            case "HeadObject" -> TraceOp.Kind.HEAD;
            case "DeleteObject" -> TraceOp.Kind.DELETE;
            case "DeleteMultipleObjects" -> TraceOp.Kind.DELETE_OBJECTS;
            case "ListObjectsV2", "ListObjectsV1" -> TraceOp.Kind.LIST;
            case "CopyObject" -> TraceOp.Kind.COPY;
            case "NewMultipartUpload" -> TraceOp.Kind.MULTIPART_CREATE;
            case "PutObjectPart" -> TraceOp.Kind.MULTIPART_PART;
            case "CompleteMultipartUpload" -> TraceOp.Kind.MULTIPART_COMPLETE;
            case "AbortMultipartUpload" -> TraceOp.Kind.MULTIPART_ABORT;
            default -> null;
        };
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() || node.asText().isEmpty() ? null : node.asText();
    }

    /** A header's number (MinIO writes header values as strings), {@code otherwise} when absent. */
    private static long header(JsonNode headers, String name, long otherwise) {
        JsonNode v = headers.path(name);
        if (v.isMissingNode()) {
            for (var it = headers.fields(); it.hasNext(); ) { // header names as the client sent them
                var f = it.next();
                if (f.getKey().equalsIgnoreCase(name)) {
                    v = f.getValue();
                    break;
                }
            }
        }
        try {
            return v.isMissingNode() ? otherwise : Long.parseLong(v.asText().trim());
        } catch (NumberFormatException x) {
            return otherwise;
        }
    }

    /** {@code api.<field>InNS} (a string of nanoseconds), else {@code api.<field>} (a Go duration), else -1. */
    private static long nanos(JsonNode api, String field) {
        String ns = api.path(field + "InNS").asText("");
        if (!ns.isEmpty()) {
            try {
                return Long.parseLong(ns);
            } catch (NumberFormatException ignored) {
                // fall back to the duration
            }
        }
        return GoDuration.nanos(api.path(field).asText(""));
    }
}
