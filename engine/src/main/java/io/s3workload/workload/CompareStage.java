package io.s3workload.workload;

import java.util.List;

/**
 * {@code kind: compare}: the same inner stage against two or more endpoints (through a proxy and direct, say),
 * printed side by side with each endpoint's overhead against the first in ms and percent.
 *
 * @param order  {@code inTurn}: each endpoint's rounds one after another; {@code interleaved}: round by round,
 *               every endpoint once per round, so drift over time falls on all of them alike
 * @param rounds how many times the inner stage runs per endpoint; the rounds of an endpoint add up in the table
 */
public record CompareStage(StageCommon common, List<String> endpoints, Order order, int rounds, StageSpec stage)
        implements StageSpec {

    public CompareStage {
        endpoints = List.copyOf(endpoints);
    }

    public enum Order {
        IN_TURN("inTurn"), INTERLEAVED("interleaved");

        private final String key;

        Order(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    @Override
    public StageKind kind() {
        return StageKind.COMPARE;
    }
}
