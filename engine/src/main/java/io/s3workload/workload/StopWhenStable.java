package io.s3workload.workload;

import java.time.Duration;

/**
 * {@code stopWhenStable: {window: 10s, within: 5%}}: a duration-bound cell ends early once its throughput has held
 * still — every one of the last {@code window}'s one-second samples within {@code withinPercent} of their mean —
 * as warp's {@code --autoterm} does. The duration stays the most it may run.
 */
public record StopWhenStable(Duration window, double withinPercent) {

    public static final StopWhenStable DEFAULT = new StopWhenStable(Duration.ofSeconds(10), 5);

    /** {@code 5%}, {@code 2.5%}. */
    public String withinText() {
        return (withinPercent == Math.rint(withinPercent) ? Long.toString((long) withinPercent)
                : Double.toString(withinPercent)) + "%";
    }

    /** The one-second samples the window holds (at least 2). */
    public int samples() {
        return (int) Math.max(2, window.toSeconds());
    }

    /** Whether the last {@link #samples()} of {@code perSecond} (oldest first) are each within the band. */
    public boolean holds(double[] perSecond, int count) {
        int n = samples();
        if (count < n) {
            return false;
        }
        double sum = 0;
        for (int i = count - n; i < count; i++) {
            sum += perSecond[i];
        }
        double mean = sum / n;
        if (mean <= 0) {
            return false;
        }
        for (int i = count - n; i < count; i++) {
            if (Math.abs(perSecond[i] - mean) > mean * withinPercent / 100) {
                return false;
            }
        }
        return true;
    }
}
