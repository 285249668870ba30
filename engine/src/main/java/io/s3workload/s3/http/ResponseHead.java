package io.s3workload.s3.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The parsed head of one HTTP/1.1 response, reused from request to request on its connection. Only the headers the
 * client acts on are kept: framing (Content-Length, Transfer-Encoding, Connection), the ETag, user metadata
 * ({@code x-amz-meta-*}), {@code x-amz-bucket-region}, and the server's request ids (copied as bytes, so that only
 * the few requests a report names ever become text); the rest are skipped without allocating.
 */
public final class ResponseHead {

    private static final String META = "x-amz-meta-";
    private static final String CHECKSUM = "x-amz-checksum-";

    private int status;
    private long contentLength;
    private boolean chunked;
    private boolean close;
    private String etag;
    private String versionId;
    private String bucketRegion;
    private Map<String, String> metadata;
    /** The first {@code x-amz-checksum-ALG} header (not -mode or -type): ALG, and its value; null when none. */
    private String checksumAlgorithm;
    private String checksum;
    /** The server's {@code x-amz-request-id} and {@code x-amz-id-2}, copied (not made into text) as they came. */
    private final byte[] requestId = new byte[ID_BYTES];
    private int requestIdLength;
    private final byte[] id2 = new byte[ID_BYTES];
    private int id2Length;
    private static final int ID_BYTES = 128;

    public int status() {
        return status;
    }

    /** The Content-Length, or -1 when the response has none. */
    public long contentLength() {
        return contentLength;
    }

    public boolean chunked() {
        return chunked;
    }

    /** Whether the server said it closes the connection after this response. */
    public boolean closeRequested() {
        return close;
    }

    /** The ETag as sent (quoted), or null. */
    public String etag() {
        return etag;
    }

    /** The object's {@code x-amz-version-id}, or null. */
    public String versionId() {
        return versionId;
    }

    /** The algorithm of the object's checksum the server sent ({@code crc32c}), or null. */
    public String checksumAlgorithm() {
        return checksumAlgorithm;
    }

    /** The object's checksum the server sent (base64; a multipart object's composite one ends in {@code -N}). */
    public String checksum() {
        return checksum;
    }

    /** The {@code x-amz-bucket-region} header, or null. */
    public String bucketRegion() {
        return bucketRegion;
    }

    /** The bytes of the server's {@code x-amz-request-id}, valid up to {@link #requestIdLength()}. */
    public byte[] requestIdBytes() {
        return requestId;
    }

    /** The length of the server's {@code x-amz-request-id} (at most 128 bytes kept); 0: none sent. */
    public int requestIdLength() {
        return requestIdLength;
    }

    /** The bytes of the server's {@code x-amz-id-2}, valid up to {@link #id2Length()}. */
    public byte[] id2Bytes() {
        return id2;
    }

    /** The length of the server's {@code x-amz-id-2} (at most 128 bytes kept); 0: none sent. */
    public int id2Length() {
        return id2Length;
    }

    /** User metadata, names without the {@code x-amz-meta-} prefix as the server spelled them. */
    public Map<String, String> metadata() {
        return metadata == null ? Map.of() : metadata;
    }

    /** Parses {@code head[0, end)}: a status line and header lines, each ending in CRLF, then an empty line. */
    void parse(byte[] head, int end) throws IOException {
        status = 0;
        contentLength = -1;
        chunked = false;
        close = false;
        etag = null;
        versionId = null;
        bucketRegion = null;
        metadata = null;
        checksumAlgorithm = null;
        checksum = null;
        requestIdLength = 0;
        id2Length = 0;
        int lineEnd = lineEnd(head, 0, end);
        parseStatusLine(head, lineEnd);
        int from = lineEnd + 2;
        while (from < end - 2) {
            lineEnd = lineEnd(head, from, end);
            header(head, from, lineEnd);
            from = lineEnd + 2;
        }
    }

    private void parseStatusLine(byte[] head, int lineEnd) throws IOException {
        // HTTP/1.1 200 OK
        if (lineEnd < 12 || head[0] != 'H' || head[4] != '/' || head[8] != ' ') {
            throw new IOException("not an HTTP/1.x response: '" + text(head, 0, Math.min(lineEnd, 40)) + "'");
        }
        int code = 0;
        for (int i = 9; i < 12; i++) {
            int digit = head[i] - '0';
            if (digit < 0 || digit > 9) {
                throw new IOException("bad status line: '" + text(head, 0, lineEnd) + "'");
            }
            code = code * 10 + digit;
        }
        status = code;
    }

    private void header(byte[] head, int from, int to) throws IOException {
        int colon = from;
        while (colon < to && head[colon] != ':') {
            colon++;
        }
        if (colon == to) {
            throw new IOException("bad header line: '" + text(head, from, to) + "'");
        }
        int valueFrom = colon + 1;
        while (valueFrom < to && (head[valueFrom] == ' ' || head[valueFrom] == '\t')) {
            valueFrom++;
        }
        int valueTo = to;
        while (valueTo > valueFrom && (head[valueTo - 1] == ' ' || head[valueTo - 1] == '\t')) {
            valueTo--;
        }
        int nameLength = colon - from;
        if (is(head, from, nameLength, "content-length")) {
            contentLength = number(head, valueFrom, valueTo);
        } else if (is(head, from, nameLength, "transfer-encoding")) {
            chunked = text(head, valueFrom, valueTo).toLowerCase(Locale.ROOT).contains("chunked");
        } else if (is(head, from, nameLength, "connection")) {
            close = text(head, valueFrom, valueTo).equalsIgnoreCase("close");
        } else if (is(head, from, nameLength, "etag")) {
            etag = text(head, valueFrom, valueTo);
        } else if (is(head, from, nameLength, "x-amz-request-id")) {
            requestIdLength = Math.min(valueTo - valueFrom, ID_BYTES);
            System.arraycopy(head, valueFrom, requestId, 0, requestIdLength);
        } else if (is(head, from, nameLength, "x-amz-id-2")) {
            id2Length = Math.min(valueTo - valueFrom, ID_BYTES);
            System.arraycopy(head, valueFrom, id2, 0, id2Length);
        } else if (is(head, from, nameLength, "x-amz-version-id")) {
            versionId = text(head, valueFrom, valueTo);
        } else if (is(head, from, nameLength, "x-amz-bucket-region")) {
            bucketRegion = text(head, valueFrom, valueTo);
        } else if (nameLength > CHECKSUM.length() && is(head, from, CHECKSUM.length(), CHECKSUM)
                && checksum == null) {
            String algorithm = text(head, from + CHECKSUM.length(), colon).toLowerCase(Locale.ROOT);
            if (!algorithm.equals("mode") && !algorithm.equals("type")) {
                checksumAlgorithm = algorithm;
                checksum = text(head, valueFrom, valueTo);
            }
        } else if (nameLength > META.length() && is(head, from, META.length(), META)) {
            if (metadata == null) {
                metadata = new LinkedHashMap<>();
            }
            metadata.put(text(head, from + META.length(), colon), text(head, valueFrom, valueTo));
        }
    }

    /** Whether {@code head[from, from + length)} is {@code name}, ignoring ASCII case ({@code name} is lower case). */
    private static boolean is(byte[] head, int from, int length, String name) {
        if (length != name.length()) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            int c = head[from + i];
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static long number(byte[] head, int from, int to) throws IOException {
        if (from == to) {
            throw new IOException("empty Content-Length");
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            int digit = head[i] - '0';
            if (digit < 0 || digit > 9 || value > Long.MAX_VALUE / 10) {
                throw new IOException("bad Content-Length '" + text(head, from, to) + "'");
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static int lineEnd(byte[] head, int from, int end) throws IOException {
        for (int i = from; i < end - 1; i++) {
            if (head[i] == '\r' && head[i + 1] == '\n') {
                return i;
            }
        }
        throw new IOException("response head line without CRLF");
    }

    private static String text(byte[] head, int from, int to) {
        return new String(head, from, to - from, StandardCharsets.ISO_8859_1);
    }
}
