package io.s3workload.ground;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** A latency statistic a threshold can name: {@code p50 ... p99.9}, {@code max} or {@code avg}. */
public enum Percentile {
    AVG("avg", -1), P50("p50", 50), P90("p90", 90), P95("p95", 95), P99("p99", 99), P999("p99.9", 99.9),
    MAX("max", 100);

    private final String key;
    private final double percentile;

    Percentile(String key, double percentile) {
        this.key = key;
        this.percentile = percentile;
    }

    public String key() {
        return key;
    }

    /** The percentile in 0..100, or -1 for the mean. */
    public double percentile() {
        return percentile;
    }

    public static Optional<Percentile> fromKey(String key) {
        return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst();
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(Percentile::key).toList();
    }
}
