package io.s3workload.trace.formats;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Keys and query parameters as logs write them: percent-encoded UTF-8. */
final class S3Names {

    private S3Names() {
    }

    /**
     * {@code text} with each {@code %XX} replaced by its byte, the bytes read as UTF-8; a {@code +} stays a plus (a
     * path's encoding, as S3 writes a key), unless {@code plusIsSpace} (a query string's).
     */
    static String decode(String text, boolean plusIsSpace) {
        if (text.indexOf('%') < 0 && !(plusIsSpace && text.indexOf('+') >= 0)) {
            return text;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < text.length() && hex(text.charAt(i + 1)) >= 0 && hex(text.charAt(i + 2)) >= 0) {
                bytes.write(hex(text.charAt(i + 1)) * 16 + hex(text.charAt(i + 2)));
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.write(' ');
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < text.length()) {
                    b = text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                bytes.writeBytes(b);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    static String decode(String key) {
        return decode(key, false);
    }

    /** The value of query parameter {@code name} in a request line ({@code GET /b?prefix=a%2F HTTP/1.1}), or null. */
    static String query(String requestLine, String name) {
        int q = requestLine.indexOf('?');
        if (q < 0) {
            return null;
        }
        int end = requestLine.indexOf(' ', q);
        String query = requestLine.substring(q + 1, end < 0 ? requestLine.length() : end);
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            if (k.equals(name)) {
                return eq < 0 ? "" : decode(pair.substring(eq + 1), true);
            }
        }
        return null;
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }
}
