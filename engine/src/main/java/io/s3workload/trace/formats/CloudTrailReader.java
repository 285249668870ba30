package io.s3workload.trace.formats;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.trace.TraceFiles;
import io.s3workload.trace.TraceOp;
import io.s3workload.trace.TraceProblems;
import io.s3workload.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * CloudTrail's log files: a JSON object whose {@code Records} array holds one event each (gzip-compressed as
 * CloudTrail delivers them, or not), read one record at a time. S3 data events ({@code eventSource}
 * {@code s3.amazonaws.com}) are used: {@code eventTime} (whole seconds), {@code eventName}, the
 * {@code requestParameters} (key, prefix, uploadId, partNumber, a DeleteObjects' keys when it lists them),
 * {@code additionalEventData.bytesTransferredIn}/{@code Out} and {@code errorCode}. Other events are passed over.
 * CloudTrail records no HTTP status and no server time: a record with an {@code errorCode} is taken as refused with
 * the status that code has in S3's error list (404 NoSuchKey, 403 AccessDenied, 503 SlowDown, 412
 * PreconditionFailed; 400 otherwise).
 */
final class CloudTrailReader implements TraceReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String file;
    private final TraceProblems problems;
    private final JsonParser parser;
    private int record;

    CloudTrailReader(Path file, TraceProblems problems) throws IOException {
        this.file = file.toString();
        this.problems = problems;
        this.parser = JSON.getFactory().createParser(TraceFiles.open(file));
        JsonToken t = parser.nextToken();
        if (t != JsonToken.START_OBJECT) {
            throw new IOException(file + ": not a CloudTrail log file: it does not begin with a JSON object");
        }
        while ((t = parser.nextToken()) == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            if (name.equals("Records") && parser.currentToken() == JsonToken.START_ARRAY) {
                return;
            }
            parser.skipChildren();
        }
        throw new IOException(file + ": not a CloudTrail log file: no \"Records\" array");
    }

    @Override
    public TraceOp next() throws IOException {
        while (parser.nextToken() == JsonToken.START_OBJECT) {
            record++;
            JsonNode r = parser.readValueAsTree();
            problems.line();
            String where = file + ": record " + record;
            try {
                TraceOp op = parse(r, where);
                if (op != null) {
                    return op;
                }
            } catch (IllegalArgumentException | DateTimeParseException e) {
                problems.bad(where, e.getMessage());
            }
        }
        return null;
    }

    private static TraceOp parse(JsonNode r, String where) {
        if (!"s3.amazonaws.com".equals(r.path("eventSource").asText())) {
            return null;
        }
        String name = r.path("eventName").asText("");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("an S3 event with no eventName");
        }
        Instant t;
        try {
            t = Instant.parse(r.path("eventTime").asText(""));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("eventTime is not an ISO 8601 time: " + r.path("eventTime"));
        }
        JsonNode p = r.path("requestParameters");
        JsonNode data = r.path("additionalEventData");
        TraceOp.Kind kind = kind(name);
        long in = data.path("bytesTransferredIn").asLong(-1);
        long out = data.path("bytesTransferredOut").asLong(-1);
        long size = kind == null ? -1 : switch (kind) {
            case PUT, MULTIPART_PART -> in;
            case GET -> out;
            default -> -1;
        };
        String error = r.path("errorCode").asText("");
        int status = error.isEmpty() ? 200 : switch (error) {
            case "NoSuchKey", "NoSuchBucket", "NoSuchUpload" -> 404;
            case "AccessDenied" -> 403;
            case "SlowDown", "ServiceUnavailable" -> 503;
            case "PreconditionFailed" -> 412;
            case "InternalError" -> 500;
            default -> 400;
        };
        TraceOp op = TraceOp.of(t.getEpochSecond() * 1_000_000 + t.getNano() / 1_000, kind, name, text(p, "key"), size,
                status, where);
        if (kind == TraceOp.Kind.GET && p.has("range")) { // some events keep the Range header
            long[] range = Ranges.parse(p.path("range").asText());
            if (range != null) {
                op = op.withRange(range[0], range[1] < 0 ? Math.max(out, 0) : range[1]);
            }
        }
        if (kind == TraceOp.Kind.LIST) {
            op = op.withPrefix(text(p, "prefix"));
        }
        if (kind == TraceOp.Kind.DELETE_OBJECTS) {
            List<String> keys = new ArrayList<>();
            p.path("delete").path("Object").forEach(o -> keys.add(o.path("Key").asText()));
            op = op.withKeys(keys);
        }
        if (p.has("uploadId")) {
            op = op.withUpload(p.path("uploadId").asText(), p.path("partNumber").asInt(0));
        }
        return op;
    }

    static TraceOp.Kind kind(String eventName) {
        return switch (eventName) {
            case "GetObject" -> TraceOp.Kind.GET;
            case "PutObject" -> TraceOp.Kind.PUT;
            case "HeadObject" -> TraceOp.Kind.HEAD;
            case "DeleteObject" -> TraceOp.Kind.DELETE;
            case "DeleteObjects" -> TraceOp.Kind.DELETE_OBJECTS;
            case "ListObjects", "ListObjectsV2" -> TraceOp.Kind.LIST;
            case "CopyObject" -> TraceOp.Kind.COPY;
            case "CreateMultipartUpload" -> TraceOp.Kind.MULTIPART_CREATE;
            case "UploadPart" -> TraceOp.Kind.MULTIPART_PART;
            case "CompleteMultipartUpload" -> TraceOp.Kind.MULTIPART_COMPLETE;
            case "AbortMultipartUpload" -> TraceOp.Kind.MULTIPART_ABORT;
            default -> null;
        };
    }

    private static String text(JsonNode p, String field) {
        JsonNode v = p.path(field);
        return v.isMissingNode() || v.isNull() ? null : v.asText();
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }
}
