package io.s3workload.workload.objects;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * How a reading stage picks the next key among those it reads: in turn ({@code roundRobin}, the default), uniformly
 * at random, by a Zipf law ({@code zipf}: the r-th most popular key is read in proportion to r^-exponent), or a hot
 * set ({@code hotspot}: a share of the reads goes to a fraction of the keys, the rest to the others). Every draw is a
 * function of the run's seed and the operation's number, so a run repeats exactly.
 */
public sealed interface Access permits Access.RoundRobin, Access.Uniform, Access.Zipf, Access.Hotspot {

    /** The ways written as a word ({@code access: random}); zipf and hotspot take a mapping of their own. */
    List<String> WORDS = List.of(new RoundRobin().toString(), new Uniform().toString());

    RoundRobin ROUND_ROBIN = new RoundRobin();

    /** Each key in turn, as reads always went: every key read equally often. */
    record RoundRobin() implements Access {
        @Override
        public String toString() {
            return "roundRobin";
        }
    }

    /** Every key equally likely at each draw. */
    record Uniform() implements Access {
        @Override
        public String toString() {
            return "random";
        }
    }

    /** Rank-frequency exponent {@code exponent} ({@code 1.1}, say): a few keys take most reads. */
    record Zipf(double exponent) implements Access {
        @Override
        public String toString() {
            return "zipf " + exponent;
        }
    }

    /** A fraction {@code keys} of the keys (0 to 1) takes a share {@code share} of the reads (0 to 1). */
    record Hotspot(double keys, double share) implements Access {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "hotspot: %s of the keys take %s of the reads", percent(keys),
                    percent(share));
        }

        private static String percent(double fraction) {
            return BigDecimal.valueOf(fraction * 100).stripTrailingZeros().toPlainString() + "%";
        }
    }
}
