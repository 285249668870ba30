package io.s3workload.workload.composite;

import io.s3workload.ground.Shard;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: compare}: the same inner stage against two or more endpoints (through a proxy and direct, say),
 * printed side by side with each endpoint's overhead against the first in ms and percent.
 *
 * @param order  {@code in-turn}: each endpoint's rounds one after another; {@code interleaved}: round by round,
 *               every endpoint once per round, so drift over time falls on all of them alike
 * @param rounds how many times the inner stage runs per endpoint; the rounds of an endpoint add up in the table
 */
public record CompareStage(StageCommon common, List<String> endpoints, Order order, int rounds, StageSpec stage)
        implements StageSpec {

    public CompareStage {
        endpoints = List.copyOf(endpoints);
    }

    /** The rounds a compare runs when it does not say: one in turn, three interleaved (so the order evens out). */
    public static int defaultRounds(Order order) {
        return order == Order.INTERLEAVED ? 3 : 1;
    }

    /** Written {@code in-turn} and {@code interleaved}. */
    public enum Order { IN_TURN, INTERLEAVED }

    @Override
    public StageKind kind() {
        return StageKind.COMPARE;
    }

    @Override
    public Optional<String> readsFrom() {
        return stage.readsFrom();
    }

    @Override
    public CompareStage shared(Shard shard, int defaultWorkers) {
        return new CompareStage(common.shared(shard, kind(), defaultWorkers), endpoints, order, rounds, stage.shared(shard, defaultWorkers));
    }

    @Override
    public List<EndpointName> endpointsNamed() {
        List<EndpointName> named = new ArrayList<>(common.endpointsNamed());
        EndpointName.list("endpoints", endpoints, named);
        return named;
    }
}
