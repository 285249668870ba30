package io.s3workload.metrics;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** A cell's {@link CellCount}s: immutable, zero for a count not made. */
public final class CellCounts {

    public static final CellCounts NONE = new CellCounts(new EnumMap<>(CellCount.class));

    private final Map<CellCount, Long> values;

    private CellCounts(EnumMap<CellCount, Long> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** The counts given, the others zero. */
    public static CellCounts of(Map<CellCount, Long> counts) {
        EnumMap<CellCount, Long> values = new EnumMap<>(CellCount.class);
        counts.forEach((count, value) -> {
            if (value != 0) {
                values.put(count, value);
            }
        });
        return new CellCounts(values);
    }

    public long get(CellCount count) {
        return values.getOrDefault(count, 0L);
    }

    /** These counts and {@code other}'s added up. */
    public CellCounts plus(CellCounts other) {
        EnumMap<CellCount, Long> sum = new EnumMap<>(CellCount.class);
        sum.putAll(values);
        other.values.forEach((count, value) -> sum.merge(count, value, Long::sum));
        return new CellCounts(sum);
    }

    /** Each count, in {@link CellCount}'s order. */
    public Map<CellCount, Long> asMap() {
        EnumMap<CellCount, Long> map = new EnumMap<>(CellCount.class);
        for (CellCount count : CellCount.ALL) {
            map.put(count, get(count));
        }
        return map;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CellCounts other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return asMap().toString();
    }
}
