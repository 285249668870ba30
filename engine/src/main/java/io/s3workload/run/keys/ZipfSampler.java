package io.s3workload.run.keys;

/**
 * Draws ranks {@code 1..n} by a Zipf law, rank r with probability proportional to {@code r^-exponent}, in constant
 * time and memory by rejection-inversion (W. Hörmann and G. Derflinger, "Rejection-inversion to generate variates
 * from monotone discrete distributions", ACM TOMACS 6(3), 1996): a continuous hat over the ranks is inverted, and a
 * draw is kept when it falls under the rank's own bar. The uniform draws come from the picker's per-operation
 * stream, so a rank is a function of the operation's number.
 */
public final class ZipfSampler {

    private final long n;
    private final double exponent;
    private final double hIntegralX1;
    private final double hIntegralN;
    private final double squeeze;

    ZipfSampler(long n, double exponent) {
        this.n = n;
        this.exponent = exponent;
        this.hIntegralX1 = hIntegral(1.5) - 1;
        this.hIntegralN = hIntegral(n + 0.5);
        this.squeeze = 2 - hIntegralInverse(hIntegral(2.5) - h(2));
    }

    /** The rank operation {@code operation} reads, from {@code picker}'s draws for it. */
    long sample(KeyPicker picker, long operation) {
        for (int k = 0; ; k++) {
            double u = hIntegralN + KeyPicker.unit(picker.draw(operation, k)) * (hIntegralX1 - hIntegralN);
            double x = hIntegralInverse(u);
            long rank = Math.max(1, Math.min(n, (long) (x + 0.5)));
            if (rank - x <= squeeze || u >= hIntegral(rank + 0.5) - h(rank)) {
                return rank;
            }
        }
    }

    /** The generalized harmonic number: the sum of {@code r^-exponent} for r from 1 to n (tail by integral). */
    public static double harmonic(long n, double exponent) {
        long exact = Math.min(n, 100_000);
        double sum = 0;
        for (long r = exact; r >= 1; r--) {
            sum += Math.pow(r, -exponent);
        }
        if (n > exact) {
            // Euler-Maclaurin: the integral from exact + 1/2 to n + 1/2 of x^-s
            double a = exact + 0.5;
            double b = n + 0.5;
            sum += exponent == 1 ? Math.log(b / a) : (Math.pow(b, 1 - exponent) - Math.pow(a, 1 - exponent))
                    / (1 - exponent);
        }
        return sum;
    }

    private double h(double x) {
        return Math.exp(-exponent * Math.log(x));
    }

    /** The integral of h: {@code (x^(1-s) - 1) / (1-s)}, and {@code log x} at s = 1, computed stably near 1. */
    private double hIntegral(double x) {
        double logX = Math.log(x);
        return helper2((1 - exponent) * logX) * logX;
    }

    private double hIntegralInverse(double x) {
        double t = x * (1 - exponent);
        if (t < -1) {
            t = -1; // rounding at the edge of the domain
        }
        return Math.exp(helper1(t) * x);
    }

    /** {@code log(1 + x) / x}, with its series near 0. */
    private static double helper1(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
    }

    /** {@code (exp(x) - 1) / x}, with its series near 0. */
    private static double helper2(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x * 0.5 * (1 + x / 3 * (1 + 0.25 * x));
    }
}
