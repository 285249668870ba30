package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.result.Progress;
import io.s3workload.run.loop.ClosedLoop;
import io.s3workload.run.loop.LoadCurve;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.LoadShape.RampStep;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The ramp arithmetic: values over time, when a worker becomes active, when the n-th operation is due. */
@Tag(QuickTier.TAG)
class LoadCurveTest {

    private static final long S = 1_000_000_000L;

    @Test
    void aFlatCurveIsItsInitialValue() {
        LoadCurve flat = new LoadCurve(100, List.of());
        assertEquals(100, flat.at(0));
        assertEquals(100, flat.at(60 * S));
        assertEquals(S, flat.timeOfCount(100), "100/s: the 100th operation is due after 1 s");
        assertEquals(S / 100 * 7, flat.timeOfCount(7), 1);
        assertEquals(0, flat.firstAtLeast(50, 0));
        assertEquals(Long.MAX_VALUE, flat.firstAtLeast(101, 0));
    }

    @Test
    void rampsMoveLinearlyThenHold() {
        LoadCurve ramp = new LoadCurve(0, List.of(new RampStep(10, Duration.ofSeconds(10)),
                new RampStep(10, Duration.ofSeconds(5)), new RampStep(2, Duration.ofSeconds(4))));
        assertEquals(0, ramp.at(0));
        assertEquals(5, ramp.at(5 * S), 1e-9);
        assertEquals(10, ramp.at(12 * S), 1e-9);
        assertEquals(6, ramp.at(17 * S), 1e-9);
        assertEquals(2, ramp.at(100 * S), 1e-9);
        assertEquals(3 * S, ramp.firstAtLeast(3, 0), 1, "worker 2 (needs 3) starts at 3 s");
        assertEquals(Long.MAX_VALUE, ramp.firstAtLeast(7, 18 * S), "after the ramp down, 7 is never reached again");
        assertEquals(10, ramp.max(), 1e-9);
    }

    @Test
    void operationsAreDueWhereTheRateIntegralReachesThem() {
        LoadCurve rate = new LoadCurve(0, List.of(new RampStep(100, Duration.ofSeconds(2))));
        // the area under 0 -> 100/s over 2 s is 100 operations; half of them by t = sqrt(2) s
        assertEquals(2 * S, rate.timeOfCount(100), 1_000);
        assertEquals((long) (Math.sqrt(2) * S), rate.timeOfCount(50), 1_000);
        assertEquals(3 * S, rate.timeOfCount(200), 1_000, "then 100 more at 100/s take 1 s");
        assertEquals(Long.MAX_VALUE, new LoadCurve(0, List.of()).timeOfCount(1), "a zero rate never gets there");
    }

    @Test
    void aJumpTakesEffectAtOnce() {
        LoadCurve jump = new LoadCurve(1, List.of(new RampStep(1, Duration.ofSeconds(5)),
                new RampStep(8, Duration.ZERO)));
        assertEquals(1, jump.at(4 * S), 1e-9);
        assertEquals(8, jump.at(5 * S), 1e-9);
        assertEquals(5 * S, jump.firstAtLeast(8, 0));
    }

    @org.junit.jupiter.api.Test
    void theLoadAMomentAppliesIsWhatTheLoopRuns() {
        var ramp = new io.s3workload.workload.LoadShape(java.util.OptionalDouble.empty(),
                List.of(new RampStep(10, Duration.ofSeconds(10))), java.util.Optional.empty());
        var closed = ClosedLoop.loadAt(new ClosedLoop.Spec("s", 10, 100, Long.MAX_VALUE, null, 1, ramp, 0, 0));
        assertEquals(new Progress.Load(0, Double.NaN), closed.apply(0));
        assertEquals(5, closed.apply(Duration.ofMillis(5_500).toNanos()).workers(), "a worker counts once started");
        assertEquals(10, closed.apply(Duration.ofSeconds(30).toNanos()).workers());
        var open = new io.s3workload.workload.LoadShape(java.util.OptionalDouble.of(50),
                List.of(new RampStep(150, Duration.ofSeconds(10))), java.util.Optional.empty());
        var rate = ClosedLoop.loadAt(new ClosedLoop.Spec("s", 8, 100, Long.MAX_VALUE, null, 1, open, 50, 0));
        assertEquals(new Progress.Load(8, 100), rate.apply(Duration.ofSeconds(5).toNanos()));
        var flat = ClosedLoop.loadAt(new ClosedLoop.Spec("s", 4, 100, Long.MAX_VALUE, null, 1,
                io.s3workload.workload.LoadShape.CLOSED, 4, 0));
        assertEquals(new Progress.Load(4, Double.NaN), flat.apply(123));
    }
}
