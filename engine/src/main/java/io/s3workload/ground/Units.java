package io.s3workload.ground;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** Number formatting with units, as the seed tools print them: Gbps is decimal bits, MiB/s binary bytes. */
public final class Units {

    private static final double MIB = 1024.0 * 1024.0;

    private Units() {
    }

    /** {@code 812 µs}, {@code 12.35 ms}, {@code 1.005 s}; {@code 0 s} for nothing at all (an immediate lag). */
    public static String latency(long nanos) {
        if (nanos == 0) {
            return "0 s";
        }
        if (nanos < 1_000_000) {
            return String.format(Locale.ROOT, "%.0f µs", nanos / 1e3);
        }
        if (nanos < 1_000_000_000) {
            return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    /** A number as a person writes it: {@code 4}, {@code 2.5}, {@code 0.125} (three decimals at most). */
    public static String plain(double value) {
        return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
    }

    /** {@code 1 worker}, {@code 2 workers}: a count with its noun in the number it takes. */
    public static String count(long n, String noun) {
        // a consonant's y becomes ies (1 entry, 2 entries); a vowel's stays (1 key, 2 keys)
        boolean ies = noun.matches(".*[^aeiou]y");
        return n + " " + (n == 1 ? noun : ies ? noun.substring(0, noun.length() - 1) + "ies" : noun + "s");
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

    /**
     * A rate a reader takes in at a glance, to about three figures: {@code 1,840}, {@code 45.2}, {@code 7.25} (a
     * capacity search's steps, a table's rate column).
     */
    public static String roundedRate(double perSecond) {
        return perSecond >= 100 ? String.format(Locale.ROOT, "%,.0f", perSecond)
                : perSecond >= 10 ? String.format(Locale.ROOT, "%.1f", perSecond)
                : String.format(Locale.ROOT, "%.2f", perSecond);
    }

    /** {@code 12.3s}; under a second in milliseconds ({@code 31 ms}), so a short cell never reads 0.0s. */
    public static String seconds(long nanos) {
        if (nanos < 1_000_000_000L) {
            return nanos < 1_000_000 ? latency(nanos) : String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.1fs", nanos / 1e9);
    }

    /**
     * {@code value} with the decimals a measurement to within {@code step} warrants (step 0.2: one decimal, 0.01:
     * two), at most three, so that a figure never shows digits its clock did not measure.
     */
    public static String measured(double value, double step) {
        int decimals = step <= 0 || Double.isNaN(step) || Double.isInfinite(step) ? 2
                : (int) Math.max(0, Math.min(3, Math.round(-Math.log10(step))));
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /**
     * {@code nanos} as {@code histogram} holds it: the upper bound of its bucket (3 significant digits), as Max and
     * the percentiles read. A slowest operation shown beside them so reads the same as Max.
     */
    public static long asRecorded(Histogram histogram, long nanos) {
        return nanos <= 0 ? nanos : histogram.highestEquivalentValue(nanos);
    }

    /** The statistic a {@link Percentile} names, in nanoseconds. */
    public static long statNanos(Histogram histogram, Percentile p) {
        // a value in the lowest bucket is 0 (an immediate convergence; latencies are recorded from 1 µs up), not that
        // bucket's middle or upper edge, which would make "no lag" read 1 µs; and nothing is above the maximum
        long value = Math.min(histogram.getMaxValue(), switch (p) {
            case AVG -> Math.round(histogram.getMean());
            case MAX -> histogram.getMaxValue();
            default -> histogram.getValueAtPercentile(p.percentile());
        });
        return p != Percentile.AVG && histogram.lowestEquivalentValue(value) == 0 ? 0 : value;
    }

    /**
     * The statistics {@code which} of {@code h} as {@code Avg: 4.10 ms, P95: 9.80 ms, ...} (Min first when asked);
     * a single value as {@code 96.04 ms (one sample)}, since the statistics of one value are that value (HdrHistogram
     * would print it three ways, rounded to its buckets): its bucket's upper bound, as its P50, P99 and Max read.
     */
    public static String latencyStats(Histogram h, boolean withMin, Percentile... which) {
        if (h.getTotalCount() == 1) {
            return latency(statNanos(h, Percentile.MAX)) + " (one sample)";
        }
        StringBuilder b = new StringBuilder(withMin ? "Min: " + latency(h.getMinValue()) : "");
        for (Percentile p : which) {
            b.append(b.isEmpty() ? "" : ", ").append(p == Percentile.AVG ? "Avg" : p == Percentile.MAX ? "Max"
                    : p.key().toUpperCase(Locale.ROOT)).append(": ").append(latency(statNanos(h, p)));
        }
        return b.toString();
    }
}
