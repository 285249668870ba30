package io.s3workload.s3.paths;

import java.nio.charset.StandardCharsets;

/**
 * Percent-encoding as S3's SigV4 wants it (RFC 3986 unreserved characters kept, everything else as {@code %XX} of
 * its UTF-8 bytes). Keys made of unreserved characters and slashes — every key s3workload makes itself — are
 * returned as they are, without allocating.
 */
final class UriEncoding {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private UriEncoding() {
    }

    /** An object key or path: every character but unreserved ones and {@code /} encoded. */
    static String path(String s) {
        return encode(s, true);
    }

    /** A query parameter's name or value: {@code /} encoded too. */
    static String component(String s) {
        return encode(s, false);
    }

    private static String encode(String s, boolean keepSlash) {
        int i = 0;
        while (i < s.length() && unreserved(s.charAt(i), keepSlash)) {
            i++;
        }
        if (i == s.length()) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length() + 16).append(s, 0, i);
        for (byte x : s.substring(i).getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (x & 0xFF);
            if (c < 0x80 && unreserved(c, keepSlash)) {
                b.append(c);
            } else {
                b.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return b.toString();
    }

    private static boolean unreserved(char c, boolean keepSlash) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                || c == '-' || c == '_' || c == '.' || c == '~' || keepSlash && c == '/';
    }
}
