package io.s3workload.trace.formats;

/** Go's {@code time.Duration} as text ({@code 1.5ms}, {@code 830.2µs}, {@code 1m2.5s}) in nanoseconds. */
final class GoDuration {

    private GoDuration() {
    }

    /** The nanoseconds {@code text} says, or -1 when it says none. */
    static long nanos(String text) {
        if (text == null || text.isEmpty()) {
            return -1;
        }
        double total = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            int start = i;
            while (i < n && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.')) {
                i++;
            }
            if (start == i) {
                return -1;
            }
            double value = Double.parseDouble(text.substring(start, i));
            int unitStart = i;
            while (i < n && !Character.isDigit(text.charAt(i)) && text.charAt(i) != '.') {
                i++;
            }
            double scale = switch (text.substring(unitStart, i)) {
                case "ns" -> 1;
                case "us", "µs", "μs" -> 1e3;
                case "ms" -> 1e6;
                case "s" -> 1e9;
                case "m" -> 60e9;
                case "h" -> 3600e9;
                default -> Double.NaN;
            };
            if (Double.isNaN(scale)) {
                return -1;
            }
            total += value * scale;
        }
        return Math.round(total);
    }
}
