package io.s3workload.workload;

import io.s3workload.ground.Shard;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How a stage's operations are paced. Closed loop (the default): {@code concurrency} workers, each starting its
 * next operation when the last one ends, after an optional {@code thinkTime}. Open loop ({@code rate}): operations
 * are due at fixed intended times, {@code concurrency} workers at most in flight, and latency counts from the
 * intended time. {@code ramp} steps move the worker count (closed) or the rate (open) linearly over time; after
 * the last step the value holds.
 *
 * @param ratePerSecond operations per second for an open loop
 */
public record LoadShape(OptionalDouble ratePerSecond, List<RampStep> ramp, Optional<ThinkTime> thinkTime) {

    public static final LoadShape CLOSED = new LoadShape(OptionalDouble.empty(), List.of(), Optional.empty());

    public LoadShape {
        ramp = List.copyOf(ramp);
    }

    /** What the load starts at: its rate in an open loop, its {@code workers} in a closed one. */
    public double initial(int workers) {
        return ratePerSecond.orElse(workers);
    }

    public boolean openLoop() {
        return ratePerSecond.isPresent();
    }

    /**
     * Worker threads a stage of {@code concurrency} runs: that, or the most a closed-loop ramp reaches (an open
     * loop's ramp moves the rate, not the workers).
     */
    public int workers(int concurrency) {
        return openLoop() ? concurrency
                : (int) Math.max(concurrency, ramp.stream().mapToDouble(RampStep::to).max().orElse(0));
    }

    /** One ramp step: from the previous value to {@code to} over {@code over} (zero: a jump). */
    public record RampStep(double to, Duration over) {
    }

    /** A pause between a worker's operations: fixed ({@code min == max}) or uniform in {@code [min, max]}. */
    public record ThinkTime(Duration min, Duration max) {
    }

    /** A rate divided exactly; a ramp's steps moving the rate (open loop) or the workers (closed) shared. */
    public LoadShape shared(Shard shard) {
        return new LoadShape(openLoop() ? OptionalDouble.of(shard.rate(ratePerSecond.getAsDouble())) : ratePerSecond,
                ramp.stream().map(step -> new RampStep(openLoop() ? shard.rate(step.to())
                        : step.to() < 1 ? step.to() : shard.part(Math.round(step.to())), step.over())).toList(),
                thinkTime);
    }
}
