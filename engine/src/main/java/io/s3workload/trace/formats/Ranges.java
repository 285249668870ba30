package io.s3workload.trace.formats;

/** An HTTP {@code Range} header's single byte range. */
final class Ranges {

    private Ranges() {
    }

    /**
     * {@code bytes=a-b} as {start, length}; {@code bytes=a-} as {a, -1} (to the end); a suffix ({@code bytes=-n}) or
     * several ranges as null (replayed as the whole object).
     */
    static long[] parse(String header) {
        String h = header.trim();
        if (!h.startsWith("bytes=") || h.indexOf(',') >= 0) {
            return null;
        }
        String spec = h.substring(6);
        int dash = spec.indexOf('-');
        if (dash <= 0) {
            return null;
        }
        try {
            long start = Long.parseLong(spec.substring(0, dash).trim());
            String end = spec.substring(dash + 1).trim();
            return end.isEmpty() ? new long[] {start, -1} : new long[] {start, Long.parseLong(end) - start + 1};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
