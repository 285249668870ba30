package io.s3workload.metrics;

/**
 * The skew a reading cell offered: over {@code keys} keys by its access distribution, {@code reads} operations read
 * {@code distinct} different keys, {@code hottestKeyReads} of them the most read one and {@code hottestTenthReads}
 * the most read tenth of the keys; {@code expectedTenthShare} is what the distribution itself gives that tenth.
 */
public record AccessStats(String distribution, long keys, long reads, long distinct, long hottestKeyReads,
                          long hottestTenthReads, double expectedTenthShare) {

    public double hottestKeyShare() {
        return reads == 0 ? 0 : (double) hottestKeyReads / reads;
    }

    public double hottestTenthShare() {
        return reads == 0 ? 0 : (double) hottestTenthReads / reads;
    }

    /**
     * Two cells' skew together, as shards over key sets of their own: reads, keys and distinct keys add up, the
     * hottest key is the hotter one's, and the hottest tenths add up (each shard's own tenth of its own keys).
     */
    public AccessStats plus(AccessStats other) {
        long k = keys + other.keys;
        return new AccessStats(distribution, k, reads + other.reads, distinct + other.distinct,
                Math.max(hottestKeyReads, other.hottestKeyReads), hottestTenthReads + other.hottestTenthReads,
                k == 0 ? 0 : (expectedTenthShare * keys + other.expectedTenthShare * other.keys) / k);
    }
}
