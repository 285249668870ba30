package io.s3workload.result;

import io.s3workload.workload.Percentile;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** Number formatting with units, as the seed tools print them: Gbps is decimal bits, MiB/s binary bytes. */
public final class Units {

    private static final double MIB = 1024.0 * 1024.0;

    private Units() {
    }

    /** {@code 812 µs}, {@code 12.35 ms}, {@code 1.005 s}. */
    public static String latency(long nanos) {
        if (nanos < 1_000_000) {
            return String.format(Locale.ROOT, "%.0f µs", nanos / 1e3);
        }
        if (nanos < 1_000_000_000) {
            return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    /** Milliseconds with two decimals, for table columns headed "(ms)". */
    public static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e6);
    }

    public static String gbps(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.2f Gbps", bytesPerSecond * 8 / 1e9);
    }

    public static String mibPerSecond(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.1f MiB/s", bytesPerSecond / MIB);
    }

    public static String mib(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.1f", bytesPerSecond / MIB);
    }

    public static String rate(double perSecond) {
        return String.format(Locale.ROOT, perSecond >= 100 ? "%.1f" : "%.2f", perSecond);
    }

    public static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1fs", nanos / 1e9);
    }

    /** The statistic a {@link Percentile} names, in nanoseconds. */
    public static long statNanos(Histogram histogram, Percentile p) {
        return switch (p) {
            case AVG -> Math.round(histogram.getMean());
            case MAX -> histogram.getMaxValue();
            default -> histogram.getValueAtPercentile(p.percentile());
        };
    }

    /**
     * The statistics {@code which} of {@code h} as {@code Avg: 4.10 ms, P95: 9.80 ms, ...} (Min first when asked);
     * a single value as {@code 96.04 ms (one sample)}, since the statistics of one value are that value (HdrHistogram
     * would print it three ways, rounded to its buckets).
     */
    public static String latencyStats(Histogram h, boolean withMin, Percentile... which) {
        if (h.getTotalCount() == 1) {
            return latency(Math.round(h.getMean())) + " (one sample)";
        }
        StringBuilder b = new StringBuilder(withMin ? "Min: " + latency(h.getMinValue()) : "");
        for (Percentile p : which) {
            b.append(b.isEmpty() ? "" : ", ").append(p == Percentile.AVG ? "Avg" : p == Percentile.MAX ? "Max"
                    : p.key().toUpperCase(Locale.ROOT)).append(": ").append(latency(statNanos(h, p)));
        }
        return b.toString();
    }
}
