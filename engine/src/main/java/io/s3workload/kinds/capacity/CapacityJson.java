package io.s3workload.kinds.capacity;

import java.util.List;
import java.util.Map;

/** A capacity search as summary.json keeps it ({@code capacity}): the search, its answer, and each step. */
public final class CapacityJson {

    private CapacityJson() {
    }

    /**
     * A capacity search's answer.
     *
     * @param sustained the highest offered load (operations per second, or users) that held below the lowest the
     *                  store broke; absent when none held
     * @param achieved  operations per second measured at the sustained step
     * @param brokenBy  the SLO clauses the store broke first, at {@code brokenAt}; empty when no step broke them
     * @param clientBound the client could not offer a step that broke, at {@code clientBoundAt}: the answer is a
     *                    lower bound
     * @param ended     why the search stopped: converged, max, duration, client, errors, empty, ladder, interrupted
     * @param complete  whether the answer is final (converged or held to max; a shard's ladder is the merge's to judge)
     * @param steps     one per step, in the order run
     */
    public record Search(String mode, Slo slo, double precisionPercent, Double sustained, Double achieved,
                           List<String> brokenBy, Double brokenAt, String clientBound, Double clientBoundAt,
                           String ended, boolean complete, String answer, List<Step> steps) {
    }

    /** An SLO: latency limits in milliseconds by statistic ({@code p99}), error and throttled shares in percent. */
    public record Slo(Map<String, Double> latencyMs, Double errorsPercent, Double throttledPercent) {
    }

    /**
     * @param cell      the step's cell: the stage's name and {@code .stepN}
     * @param offered   operations per second asked for, or users
     * @param achieved  operations per second measured
     * @param broken    the SLO clauses the step broke, with what was measured
     * @param clientBound why the client, not the store, limited the step, when it did
     */
    public record Step(int step, String cell, double offered, double achieved, Double p50Ms, Double p99Ms,
                               Double maxMs, double errorPercent, double throttledPercent, boolean held,
                               List<String> broken, String clientBound) {
    }
}
