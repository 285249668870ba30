package io.s3workload.server.nul;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The S3 operations the null server answers, and how. */
final class NullRoutes {

    private static final String XML = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
    private static final String XML_TYPE = "Content-Type: application/xml\r\n";
    private static final String MODIFIED = "2026-01-01T00:00:00.000Z";

    private NullRoutes() {
    }

    static void answer(NullRequest r, NullS3Settings settings, NullConnection.Responder out) throws IOException {
        boolean onBucket = r.key().isEmpty();
        switch (r.method()) {
            case "HEAD" -> {
                if (onBucket) {
                    out.send(200, "OK", "", new byte[0]);
                } else {
                    long size = settings.sizeOf(r.key());
                    out.sendPattern(200, "OK", etag(size), size, true);
                }
            }
            case "GET" -> {
                if (onBucket && r.query().containsKey("uploads")) {
                    xml(out, "<ListMultipartUploadsResult><Bucket>" + r.bucket()
                            + "</Bucket><IsTruncated>false</IsTruncated></ListMultipartUploadsResult>");
                } else if (onBucket && r.query().containsKey("versioning")) {
                    xml(out, "<VersioningConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"/>");
                } else if (onBucket) {
                    xml(out, listing(r, settings));
                } else {
                    get(r, settings.sizeOf(r.key()), out);
                }
            }
            case "PUT" -> out.send(200, "OK", onBucket ? "" : etag(r.contentLength()), new byte[0]);
            case "POST" -> {
                if (onBucket && r.query().containsKey("delete")) {
                    xml(out, "<DeleteResult></DeleteResult>");
                } else if (r.query().containsKey("uploads")) {
                    xml(out, "<InitiateMultipartUploadResult><Bucket>" + r.bucket() + "</Bucket><Key>" + escape(r.key())
                            + "</Key><UploadId>null-upload</UploadId></InitiateMultipartUploadResult>");
                } else if (r.query().containsKey("uploadId")) {
                    xml(out, "<CompleteMultipartUploadResult><Bucket>" + r.bucket() + "</Bucket><Key>"
                            + escape(r.key()) + "</Key><ETag>\"null-multipart\"</ETag></CompleteMultipartUploadResult>");
                } else {
                    error(out, 400, "Bad Request", "InvalidRequest");
                }
            }
            case "DELETE" -> out.send(204, "No Content", "", new byte[0]);
            default -> error(out, 405, "Method Not Allowed", "MethodNotAllowed");
        }
    }

    private static void get(NullRequest r, long size, NullConnection.Responder out) throws IOException {
        if (r.range() == null) {
            out.sendPattern(200, "OK", etag(size), size, false);
            return;
        }
        String spec = r.range().replace("bytes=", "");
        int dash = spec.indexOf('-');
        long start = Long.parseLong(spec.substring(0, dash));
        long end = dash + 1 < spec.length() ? Math.min(Long.parseLong(spec.substring(dash + 1)), size - 1) : size - 1;
        if (start >= size) {
            error(out, 416, "Range Not Satisfiable", "InvalidRange");
            return;
        }
        out.sendPattern(206, "Partial Content", etag(size) + "Content-Range: bytes " + start + "-" + end + "/" + size
                + "\r\n", end - start + 1, false);
    }

    /** A page of {@code listKeys} synthetic keys {@code <prefix>key-<n>}; the token is the next index. */
    private static String listing(NullRequest r, NullS3Settings settings) {
        String prefix = r.query().getOrDefault("prefix", "");
        int max = Integer.parseInt(r.query().getOrDefault("max-keys", "1000"));
        int from = Integer.parseInt(r.query().getOrDefault("continuation-token", "0"));
        int to = Math.min(settings.listKeys(), from + max);
        StringBuilder xml = new StringBuilder("<ListBucketResult><Name>").append(r.bucket()).append("</Name><Prefix>")
                .append(escape(prefix)).append("</Prefix><KeyCount>").append(Math.max(0, to - from))
                .append("</KeyCount><MaxKeys>").append(max).append("</MaxKeys><IsTruncated>")
                .append(to < settings.listKeys()).append("</IsTruncated>");
        if (to < settings.listKeys()) {
            xml.append("<NextContinuationToken>").append(to).append("</NextContinuationToken>");
        }
        for (int i = from; i < to; i++) {
            xml.append("<Contents><Key>").append(escape(prefix)).append("key-").append(i).append("</Key><LastModified>")
                    .append(MODIFIED).append("</LastModified><ETag>\"null\"</ETag><Size>").append(settings.objectSize())
                    .append("</Size><StorageClass>STANDARD</StorageClass></Contents>");
        }
        return xml.append("</ListBucketResult>").toString();
    }

    private static String etag(long size) {
        return "ETag: \"null-" + Long.toHexString(size) + "\"\r\nLast-Modified: Thu, 01 Jan 2026 00:00:00 GMT\r\n";
    }

    private static void xml(NullConnection.Responder out, String body) throws IOException {
        out.send(200, "OK", XML_TYPE, (XML + body).getBytes(StandardCharsets.UTF_8));
    }

    private static void error(NullConnection.Responder out, int status, String reason, String code) throws IOException {
        out.send(status, reason, XML_TYPE, (XML + "<Error><Code>" + code + "</Code><Message>" + reason
                + "</Message></Error>").getBytes(StandardCharsets.UTF_8));
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
