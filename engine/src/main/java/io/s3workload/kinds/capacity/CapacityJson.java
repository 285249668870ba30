package io.s3workload.kinds.capacity;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
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
     * @param broke     where the store broke the SLO first; its clauses empty when no step broke them
     * @param client    where the client could not offer a step that broke: the answer is a lower bound
     * @param ended     why the search stopped: converged, max, duration, client, errors, empty, ladder, interrupted
     * @param complete  whether the answer is final (converged or held to max; a shard's ladder is the merge's to judge)
     * @param steps     one per step, in the order run
     */
    @JsonPropertyOrder({"mode", "slo", "precisionPercent", "sustained", "achieved", "broke", "client", "ended",
            "complete", "answer", "steps"})
    public record Search(String mode, Slo slo, double precisionPercent, Double sustained, Double achieved,
                         @JsonUnwrapped Broke broke, @JsonUnwrapped ClientBound client, String ended, boolean complete,
                         String answer, List<Step> steps) {
    }

    /**
     * Where the store broke the SLO first.
     *
     * @param brokenBy the SLO clauses it broke; empty when no step broke them
     * @param brokenAt the offered load it broke them at
     */
    public record Broke(List<String> brokenBy, Double brokenAt) {
    }

    /**
     * Where the client could not offer a step that broke.
     *
     * @param clientBound why (the client's own limit), null when it could
     * @param clientBoundAt the offered load it could not keep
     */
    public record ClientBound(String clientBound, Double clientBoundAt) {
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
