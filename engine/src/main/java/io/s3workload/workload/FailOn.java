package io.s3workload.workload;

import io.s3workload.ground.Percentile;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Thresholds that fail a run (exit code 1) when crossed: an error rate in percent and latency limits, for
 * consistency probes the share of iterations that timed out, and for history stages the anomalies found. On probe stages the latency limits apply to
 * convergence time. With {@code perSecond}, error rate and latency are checked on every one-second interval of a
 * cell as well as on the whole cell. A stage's thresholds override the run's, key by key.
 */
public record FailOn(OptionalDouble errorRatePercent, Map<Percentile, Duration> latency,
                     OptionalDouble timeoutRatePercent, Optional<Boolean> perSecond, OptionalLong anomalies) {

    public static final FailOn NONE = new FailOn(OptionalDouble.empty(), Map.of(), OptionalDouble.empty(),
            Optional.empty(), OptionalLong.empty());

    public FailOn {
        latency = Collections.unmodifiableMap(latency.isEmpty() ? Map.of() : new EnumMap<>(latency));
    }

    public boolean isEmpty() {
        return errorRatePercent.isEmpty() && latency.isEmpty() && timeoutRatePercent.isEmpty() && anomalies.isEmpty();
    }

    /** This set of thresholds with {@code override}'s keys taking precedence. */
    public FailOn overriddenBy(FailOn override) {
        EnumMap<Percentile, Duration> merged = new EnumMap<>(Percentile.class);
        merged.putAll(latency);
        merged.putAll(override.latency);
        return new FailOn(override.errorRatePercent.isPresent() ? override.errorRatePercent : errorRatePercent,
                merged, override.timeoutRatePercent.isPresent() ? override.timeoutRatePercent : timeoutRatePercent,
                override.perSecond.or(() -> perSecond), override.anomalies.isPresent() ? override.anomalies : anomalies);
    }

    /** Whether the thresholds are checked on every second of a cell too ({@code perSecond}, false unless set). */
    public boolean checksEverySecond() {
        return perSecond.orElse(false);
    }

    /** These thresholds as a stage runs them: {@code perSecond} false unless set. */
    public FailOn resolved() {
        return new FailOn(errorRatePercent, latency, timeoutRatePercent, Optional.of(perSecond.orElse(false)),
                anomalies);
    }
}
