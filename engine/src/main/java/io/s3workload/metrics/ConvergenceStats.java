package io.s3workload.metrics;

import org.HdrHistogram.Histogram;

/**
 * How one writer-reader pair converged over a probe's iterations. Every iteration is exactly one of: immediate
 * (the first read, or a read within {@code immediateWithin}, showed the write), eventual (a later read did),
 * timed out (no read did before the timeout), or failed (the write itself failed, so there was nothing to see).
 *
 * @param convergence time from the write's response to the response of the read that showed it, in nanoseconds,
 *                    for immediate and eventual iterations
 * @param stale       iterations in which the reader served an older version (a different ETag) at least once
 * @param polls       reads made; {@code pollErrors} of them failed (neither the object nor a clean 404)
 */
public record ConvergenceStats(String writer, String reader, long iterations, long immediate, long eventual,
                               long timedOut, long failed, long stale, long polls, long pollErrors,
                               Histogram convergence) {

    /** Whether writer and reader are the same endpoint (the seed's "same-region" pairs). */
    public boolean sameEndpoint() {
        return writer.equals(reader);
    }

    /** {@code global -> iad}. */
    public String label() {
        return writer + " -> " + reader;
    }

    public double immediatePercent() {
        return percent(immediate);
    }

    public double eventualPercent() {
        return percent(eventual);
    }

    public double timeoutPercent() {
        return percent(timedOut);
    }

    public double failedPercent() {
        return percent(failed);
    }

    private double percent(long count) {
        return iterations == 0 ? 0 : 100.0 * count / iterations;
    }
}
