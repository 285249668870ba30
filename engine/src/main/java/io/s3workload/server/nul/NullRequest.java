package io.s3workload.server.nul;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** The parts of an HTTP request head the null server needs. Path-style: {@code /bucket/key?query}. */
record NullRequest(String method, String bucket, String key, Map<String, String> query, long contentLength,
                   boolean chunked, boolean expectContinue, String range) {

    static NullRequest parse(byte[] head, int length) {
        String text = new String(head, 0, length, StandardCharsets.ISO_8859_1);
        String[] lines = text.split("\r\n");
        String[] requestLine = lines[0].split(" ");
        String target = requestLine.length > 1 ? requestLine[1] : "/";
        int q = target.indexOf('?');
        String path = q >= 0 ? target.substring(0, q) : target;
        Map<String, String> query = new HashMap<>();
        if (q >= 0) {
            for (String pair : target.substring(q + 1).split("&")) {
                int eq = pair.indexOf('=');
                query.put(decode(eq >= 0 ? pair.substring(0, eq) : pair), eq >= 0 ? decode(pair.substring(eq + 1)) : "");
            }
        }
        long contentLength = 0;
        boolean chunked = false;
        boolean expectContinue = false;
        String range = null;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = lines[i].substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> contentLength = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "expect" -> expectContinue = value.equalsIgnoreCase("100-continue");
                case "range" -> range = value;
                default -> {
                }
            }
        }
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        int slash = trimmed.indexOf('/');
        String bucket = decode(slash >= 0 ? trimmed.substring(0, slash) : trimmed);
        String key = slash >= 0 ? decode(trimmed.substring(slash + 1)) : "";
        return new NullRequest(requestLine[0], bucket, key, query, contentLength, chunked, expectContinue, range);
    }

    private static String decode(String s) {
        return s.indexOf('%') < 0 && s.indexOf('+') < 0 ? s : URLDecoder.decode(s.replace("+", "%2B"),
                StandardCharsets.UTF_8);
    }
}
