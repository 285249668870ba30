package io.s3workload.workload;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A load stage spread over several endpoints ({@code endpoints: [a, b]} or a group, as warp's
 * {@code --host=s3-{1...8}:9000}): each worker sends all its requests to one of them, chosen in turn
 * ({@code hostSelect: roundrobin}, worker {@code i} to endpoint {@code i mod n}) or at random
 * ({@code hostSelect: random}, seeded by the run's seed). Results come per endpoint and in total.
 */
public record LoadEndpoints(List<String> names, Select select) {

    /** The cell key's endpoint of the total over all of them. */
    public static final String ALL = "all";

    public enum Select {
        ROUNDROBIN, RANDOM;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public LoadEndpoints {
        names = List.copyOf(names);
    }

    /** The endpoint worker {@code worker} sends to, for a run seeded with {@code seed}. */
    public String of(int worker, long seed) {
        return switch (select) {
            case ROUNDROBIN -> names.get(worker % names.size());
            case RANDOM -> names.get(new SplittableRandom(seed ^ (worker * 0x9E3779B97F4A7C15L))
                    .nextInt(names.size()));
        };
    }
}
