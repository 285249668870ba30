package io.s3workload.trace.formats;

import io.s3workload.trace.TraceOp;
import io.s3workload.trace.TraceProblems;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Amazon S3's server access log (the space-delimited format AWS documents as "Amazon S3 server access log format"):
 * a record a line, fields split by spaces, the time in brackets, the Request-URI, referrer and user agent in quotes,
 * {@code -} for a field with no value. Used: the time (whole seconds), the operation ({@code REST.GET.OBJECT}), the
 * key (URL-encoded there: decoded), the Request-URI (a listing's prefix, an upload's id and part), the HTTP status,
 * bytes sent, object size, Total Time and Turn-Around Time (ms).
 */
final class AccessLogReader extends LineTraceReader {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH);
    /** The fields up to Turn-Around Time; later ones (referrer, user agent, ...) are not needed. */
    private static final int NEEDED = 15;

    AccessLogReader(Path file, TraceProblems problems) throws IOException {
        super(file, problems);
    }

    @Override
    TraceOp parse(String line, String where) throws TraceLineException {
        List<String> f = fields(line);
        if (f.size() < NEEDED) {
            throw new TraceLineException(f.size() + " fields where an access log record has at least " + NEEDED
                    + " (bucket owner, bucket, [time], ..., total time, turn-around time)");
        }
        long micros;
        try {
            micros = ZonedDateTime.parse(f.get(2), TIME).toInstant().toEpochMilli() * 1000;
        } catch (DateTimeParseException e) {
            throw new TraceLineException("the third field is not a time like [06/Feb/2019:00:00:38 +0000]: "
                    + f.get(2));
        }
        String operation = f.get(6);
        String key = f.get(7).equals("-") ? null : S3Names.decode(f.get(7));
        String uri = dash(f.get(8)) ? "" : f.get(8);
        int status = (int) Math.max(0, number(f.get(9), "HTTP status", where));
        long sent = number(f.get(11), "bytes sent", where);
        long objectSize = number(f.get(12), "object size", where);
        long total = number(f.get(13), "total time", where);
        long turnAround = number(f.get(14), "turn-around time", where);
        TraceOp.Kind kind = kind(operation, uri);
        long size = switch (kind == null ? TraceOp.Kind.HEAD : kind) {
            case GET -> Math.max(sent, 0);
            case PUT, MULTIPART_PART, COPY, MULTIPART_COMPLETE, HEAD -> Math.max(objectSize, 0);
            default -> -1;
        };
        TraceOp op = TraceOp.of(micros, kind, operation, key, size, status, where)
                .withServerTimes(total < 0 ? -1 : total * 1_000_000, turnAround < 0 ? -1 : turnAround * 1_000_000);
        if (kind == TraceOp.Kind.GET && status == 206 && sent > 0) {
            // the log keeps no Range header: a partial answer is replayed as the same length from the first byte
            op = op.withRange(0, sent);
        }
        if (kind == TraceOp.Kind.LIST) {
            op = op.withPrefix(S3Names.query(uri, "prefix"));
        }
        if (kind == TraceOp.Kind.MULTIPART_PART || kind == TraceOp.Kind.MULTIPART_COMPLETE
                || kind == TraceOp.Kind.MULTIPART_ABORT) {
            String part = S3Names.query(uri, "partNumber");
            op = op.withUpload(S3Names.query(uri, "uploadId"), part == null ? 0 : Integer.parseInt(part));
        }
        return op;
    }

    /** The replayable operation an access log's operation name stands for, or null. */
    static TraceOp.Kind kind(String operation, String uri) {
        return switch (operation) {
            case "REST.GET.OBJECT" -> TraceOp.Kind.GET;
            case "REST.PUT.OBJECT" -> TraceOp.Kind.PUT;
            case "REST.HEAD.OBJECT" -> TraceOp.Kind.HEAD;
            case "REST.DELETE.OBJECT", "BATCH.DELETE.OBJECT" -> TraceOp.Kind.DELETE; // a batch's keys are lines
            case "REST.GET.BUCKET" -> TraceOp.Kind.LIST;
            case "REST.COPY.OBJECT" -> TraceOp.Kind.COPY;
            case "REST.POST.UPLOADS" -> TraceOp.Kind.MULTIPART_CREATE;
            case "REST.PUT.PART" -> TraceOp.Kind.MULTIPART_PART;
            case "REST.POST.UPLOAD" -> TraceOp.Kind.MULTIPART_COMPLETE;
            case "REST.DELETE.UPLOAD" -> TraceOp.Kind.MULTIPART_ABORT;
            default -> null; // REST.POST.MULTI_OBJECT_DELETE among them: its keys come as BATCH.DELETE.OBJECT lines
        };
    }

    private static boolean dash(String field) {
        return field.equals("-");
    }

    private static long number(String field, String what, String where) throws TraceLineException {
        if (dash(field)) {
            return -1;
        }
        try {
            return Long.parseLong(field);
        } catch (NumberFormatException e) {
            throw new TraceLineException(what + " is not a number: " + field);
        }
    }

    /**
     * The record's fields: split by single spaces, a field in {@code [...]} or {@code "..."} taken whole (the
     * brackets and quotes dropped; a {@code \"} inside quotes is a quote).
     */
    static List<String> fields(String line) throws TraceLineException {
        List<String> fields = new ArrayList<>(26);
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == ' ') {
                i++;
                continue;
            }
            if (c == '[' || c == '"') {
                char close = c == '[' ? ']' : '"';
                StringBuilder field = new StringBuilder();
                int j = i + 1;
                while (j < n && line.charAt(j) != close) {
                    if (close == '"' && line.charAt(j) == '\\' && j + 1 < n) {
                        j++;
                    }
                    field.append(line.charAt(j++));
                }
                if (j >= n) {
                    throw new TraceLineException("a " + (c == '[' ? "[" : "quote") + " at column " + (i + 1)
                            + " is never closed");
                }
                fields.add(field.toString());
                i = j + 1;
            } else {
                int j = line.indexOf(' ', i);
                j = j < 0 ? n : j;
                fields.add(line.substring(i, j));
                i = j;
            }
        }
        return fields;
    }
}
