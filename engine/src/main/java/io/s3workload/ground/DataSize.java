package io.s3workload.ground;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number of bytes, parsed from {@code 1MiB}, {@code 10 MiB}, {@code 512KiB}, {@code 1M} (binary, as the seed
 * tools read it), {@code 1MB} (decimal) or plain bytes.
 */
public record DataSize(long bytes) implements Comparable<DataSize> {

    private static final Pattern SIZE = Pattern.compile("^(\\d+(?:\\.\\d+)?)\\s*([A-Za-z]*)$");
    private static final long KIB = 1024;
    private static final Map<String, Long> UNITS = Map.ofEntries(
            Map.entry("", 1L), Map.entry("b", 1L),
            Map.entry("k", KIB), Map.entry("kib", KIB), Map.entry("kb", 1000L),
            Map.entry("m", KIB * KIB), Map.entry("mib", KIB * KIB), Map.entry("mb", 1000L * 1000),
            Map.entry("g", KIB * KIB * KIB), Map.entry("gib", KIB * KIB * KIB), Map.entry("gb", 1000L * 1000 * 1000),
            Map.entry("t", KIB * KIB * KIB * KIB), Map.entry("tib", KIB * KIB * KIB * KIB),
            Map.entry("tb", 1000L * 1000 * 1000 * 1000));
    private static final String[] BINARY_SUFFIXES = {"B", "KiB", "MiB", "GiB", "TiB"};

    public DataSize {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative size: " + bytes);
        }
    }

    public static DataSize ofBytes(long bytes) {
        return new DataSize(bytes);
    }

    public static DataSize ofMiB(long mebibytes) {
        return new DataSize(mebibytes * KIB * KIB);
    }

    /** Whether {@code text} is a size in a decimal unit: kB, MB, GB or TB (powers of 1000). */
    public static boolean isDecimal(String text) {
        Matcher m = SIZE.matcher(text.trim());
        return m.matches() && m.group(2).toLowerCase(Locale.ROOT).matches("[kmgt]b");
    }

    /** Parses a size; empty when the text is not one (negative sizes included). */
    public static Optional<DataSize> parse(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        Long unit = UNITS.get(m.group(2).toLowerCase(Locale.ROOT));
        if (unit == null) {
            return Optional.empty();
        }
        double value = Double.parseDouble(m.group(1)) * unit;
        if (value > Long.MAX_VALUE || value != Math.rint(value)) {
            return Optional.empty();
        }
        return Optional.of(new DataSize((long) value));
    }

    /** Human form with a binary unit: {@code 1 MiB}, {@code 1.5 GiB}, {@code 100 B}; to two decimals at most. */
    @Override
    public String toString() {
        int unit = unit();
        String number = BigDecimal.valueOf(bytes).divide(BigDecimal.valueOf(1L << (10 * unit)))
                .setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        return number + " " + BINARY_SUFFIXES[unit];
    }

    /**
     * Compact and exact, for object keys and labels: {@code 1MiB}, {@code 1.5GiB}, and the bytes themselves
     * ({@code 4097B}) where two decimals of a unit would round, so that two sizes never share a label.
     */
    public String label() {
        int unit = unit();
        BigDecimal value = BigDecimal.valueOf(bytes)
                .divide(BigDecimal.valueOf(1L << (10 * unit)));
        return value.scale() <= 2 ? value.stripTrailingZeros().toPlainString() + BINARY_SUFFIXES[unit] : bytes + "B";
    }

    /** The largest binary unit the size reaches: 0 for bytes, 1 for KiB, ... */
    private int unit() {
        int unit = 0;
        long rest = bytes;
        while (rest >= 1024 && unit < BINARY_SUFFIXES.length - 1) {
            rest /= 1024;
            unit++;
        }
        return unit;
    }

    @Override
    public int compareTo(DataSize other) {
        return Long.compare(bytes, other.bytes);
    }
}
