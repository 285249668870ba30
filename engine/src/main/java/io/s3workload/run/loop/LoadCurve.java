package io.s3workload.run.loop;

import io.s3workload.workload.LoadShape;
import java.util.List;

/**
 * A value over a stage's elapsed time: the initial value, then each ramp step moving it linearly to its target
 * over its duration (zero: a jump), then held. Used as a worker count (closed loop) or a rate per second (open
 * loop). Immutable; every method is a pure function of elapsed nanoseconds.
 */
public final class LoadCurve {

    private final long[] starts;
    private final long[] ends;
    private final double[] from;
    private final double[] to;
    private final double initial;
    private final double last;

    public LoadCurve(double initial, List<LoadShape.RampStep> steps) {
        int n = steps.size();
        starts = new long[n];
        ends = new long[n];
        from = new double[n];
        to = new double[n];
        long t = 0;
        double value = initial;
        for (int i = 0; i < n; i++) {
            starts[i] = t;
            t += steps.get(i).over().toNanos();
            ends[i] = t;
            from[i] = value;
            value = steps.get(i).to();
            to[i] = value;
        }
        this.initial = initial;
        this.last = value;
    }

    /** The largest value the curve takes. */
    public double max() {
        double max = initial;
        for (double v : to) {
            max = Math.max(max, v);
        }
        return max;
    }

    public double at(long elapsed) {
        for (int i = 0; i < starts.length; i++) {
            if (elapsed < ends[i]) {
                return elapsed < starts[i] ? from[i]
                        : from[i] + (to[i] - from[i]) * (elapsed - starts[i]) / (double) (ends[i] - starts[i]);
            }
        }
        return last;
    }

    /** The earliest elapsed time at or after {@code t} when the value is at least {@code level}; MAX if never. */
    public long firstAtLeast(double level, long t) {
        if (at(t) >= level) {
            return t;
        }
        for (int i = 0; i < starts.length; i++) {
            if (ends[i] <= t || to[i] < level) {
                continue;
            }
            long s = Math.max(starts[i], t);
            double a = from[i];
            double b = to[i];
            long x = starts[i] + (long) Math.ceil((level - a) / (b - a) * (ends[i] - starts[i]));
            return Math.max(s, Math.min(x, ends[i]));
        }
        return Long.MAX_VALUE;
    }

    /**
     * For a rate per second: the elapsed time when {@code count} operations are due, i.e. when the integral of
     * the rate reaches {@code count}; MAX when the rate never gets there.
     */
    public long timeOfCount(double count) {
        double remaining = count;
        long segmentStart = 0;
        for (int i = 0; i < starts.length; i++) {
            double seconds = (ends[i] - starts[i]) / 1e9;
            double area = (from[i] + to[i]) / 2 * seconds;
            if (remaining <= area && seconds > 0) {
                return starts[i] + (long) (solve(from[i], to[i], seconds, remaining) * 1e9);
            }
            remaining -= area;
            segmentStart = ends[i];
        }
        if (last <= 0) {
            return remaining <= 0 ? segmentStart : Long.MAX_VALUE;
        }
        return segmentStart + (long) (remaining / last * 1e9);
    }

    /** Seconds into a segment going linearly from rate r0 to r1 over {@code length} s where the area is n. */
    private static double solve(double r0, double r1, double length, double n) {
        double slope = (r1 - r0) / length;
        if (Math.abs(slope) < 1e-12) {
            return r0 <= 0 ? 0 : n / r0;
        }
        double discriminant = Math.max(0, r0 * r0 + 2 * slope * n);
        return (-r0 + Math.sqrt(discriminant)) / slope;
    }
}
