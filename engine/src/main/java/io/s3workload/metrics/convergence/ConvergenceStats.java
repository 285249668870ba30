package io.s3workload.metrics.convergence;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * How one writer-reader pair converged over a probe's iterations. Every iteration is exactly one of: immediate
 * (the first read, or a read within {@code immediateWithin}, showed the write), eventual (a later read did),
 * timed out (no read did before the timeout), or failed (the write itself failed, so there was nothing to see).
 *
 * @param convergence time from the write's response to the sending of the read that showed it, in nanoseconds,
 *                    for immediate and eventual iterations: 0 when the first read showed it
 * @param stale       iterations in which the reader served an older version (a different ETag) at least once
 * @param reads       the reads made, and of them those that said "not yet" and those that failed
 * @param showingRead how long the read that showed the write took, per converged iteration
 */
public record ConvergenceStats(String writer, String reader, long iterations, long immediate, long eventual,
                               long timedOut, long failed, long stale, Polls reads, Histogram convergence,
                               Histogram showingRead) {

    /**
     * A pair's reads.
     *
     * @param polls      reads made
     * @param notYet     of them, those that said "not yet" (a 404, keys absent from a listing)
     * @param pollErrors of them, those that failed (neither the object nor a clean 404); the rest were answered
     */
    public record Polls(long polls, long notYet, long pollErrors) {
    }

    public long polls() {
        return reads.polls();
    }

    public long notYet() {
        return reads.notYet();
    }

    public long pollErrors() {
        return reads.pollErrors();
    }

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

    /** One pair measured by several runs (a run's shards), added up exactly: counts and histograms summed. */
    public static ConvergenceStats sum(List<ConvergenceStats> pairs) {
        ConvergenceStats first = pairs.get(0);
        Histogram convergence = first.convergence.copy();
        Histogram showingRead = first.showingRead.copy();
        long iterations = 0, immediate = 0, eventual = 0, timedOut = 0, failed = 0, stale = 0, polls = 0;
        long notYet = 0, errors = 0;
        for (int i = 0; i < pairs.size(); i++) {
            ConvergenceStats p = pairs.get(i);
            if (i > 0) {
                convergence.add(p.convergence);
                showingRead.add(p.showingRead);
            }
            iterations += p.iterations;
            immediate += p.immediate;
            eventual += p.eventual;
            timedOut += p.timedOut;
            failed += p.failed;
            stale += p.stale;
            polls += p.polls();
            notYet += p.notYet();
            errors += p.pollErrors();
        }
        return new ConvergenceStats(first.writer, first.reader, iterations, immediate, eventual, timedOut, failed,
                stale, new Polls(polls, notYet, errors), convergence, showingRead);
    }
}
