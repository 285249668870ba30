package io.s3workload.run.keys;

import io.s3workload.metrics.AccessStats;
import io.s3workload.workload.objects.Access;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Picks which of a cell's {@code keys} each operation reads, by the stage's {@link Access}: a function of the run's
 * seed and the operation's number alone, so a run repeats exactly whichever worker runs the operation, and the
 * realised skew can be counted afterwards without a thing recorded while the cell runs ({@link #realised}). Skewed
 * draws rank the keys in a fixed scattered order (rank r is key {@code (r * STRIDE + offset) mod keys}), so that the
 * hot keys are not the first ones written.
 */
public final class KeyPicker {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    /** A prime: the rank-to-key order visits every key when {@code keys} is not a multiple of it. */
    private static final long STRIDE = 1_000_003L;
    /** Keys beyond this many are not counted one by one for the realised skew (4 bytes each). */
    static final long MOST_COUNTED = 1L << 25;

    private final Access access;
    private final long keys;
    private final long seed;
    private final long stride;
    private final long offset;
    private final ZipfSampler zipf;
    private final long hot;

    public KeyPicker(Access access, long keys, long seed) {
        this(access, keys, seed, seed);
    }

    /**
     * @param rankSeed which keys are hot (shards reading the same keys share it, so they share a hot set)
     * @param drawSeed the sequence of draws (each shard its own)
     */
    public KeyPicker(Access access, long keys, long rankSeed, long drawSeed) {
        if (keys <= 0) {
            throw new IllegalArgumentException("no keys to pick from");
        }
        this.access = access;
        this.keys = keys;
        this.seed = mix(drawSeed ^ 0x6A09E667F3BCC909L);
        this.stride = keys % STRIDE == 0 ? STRIDE + 2 : STRIDE;
        this.offset = Long.remainderUnsigned(mix(rankSeed ^ 0x3C6EF372FE94F82BL), keys);
        this.zipf = access instanceof Access.Zipf z ? new ZipfSampler(keys, z.exponent()) : null;
        this.hot = access instanceof Access.Hotspot h ? Math.max(1, Math.min(keys - 1, Math.round(keys * h.keys())))
                : 0;
    }

    long keys() {
        return keys;
    }

    public Access access() {
        return access;
    }

    /** The index of the key operation {@code operation} reads. */
    public long pick(long operation) {
        return access instanceof Access.RoundRobin ? Math.floorMod(operation, keys) : scatter(rank(operation));
    }

    /** The rank (0: the key the distribution reads most) of the key operation {@code operation} reads. */
    public long rank(long operation) {
        return switch (access) {
            case Access.RoundRobin r -> Math.floorMod(operation, keys);
            case Access.Uniform u -> Long.remainderUnsigned(draw(operation, 0), keys);
            case Access.Zipf z -> zipf.sample(this, operation) - 1;
            case Access.Hotspot h -> unit(draw(operation, 0)) < h.share()
                    ? Long.remainderUnsigned(draw(operation, 1), hot)
                    : hot + Long.remainderUnsigned(draw(operation, 1), keys - hot);
        };
    }

    /** The {@code k}-th random 64 bits of operation {@code operation}. */
    long draw(long operation, int k) {
        return mix(seed + operation * GOLDEN + k * 0xD1B54A32D192ED03L);
    }

    /** 53 random bits as a double in [0, 1). */
    static double unit(long bits) {
        return (bits >>> 11) * 0x1.0p-53;
    }

    /** The key of rank {@code rank} (0 the most read). */
    public long scatterRank(long rank) {
        return access instanceof Access.RoundRobin ? rank : scatter(rank);
    }

    /** The key of rank {@code rank} (0 the most read): {@code (rank * stride + offset) mod keys}, without overflow. */
    private long scatter(long rank) {
        if (keys < (1L << 42)) {
            return (rank * stride + offset) % keys;
        }
        return BigInteger.valueOf(rank).multiply(BigInteger.valueOf(stride))
                .add(BigInteger.valueOf(offset)).mod(BigInteger.valueOf(keys)).longValue();
    }

    /**
     * The skew operations {@code [0, operations)} offered, counted by drawing them again: how many distinct keys
     * they read, and how many reads went to the key and to the tenth of the keys the distribution ranks hottest
     * (an unbiased count, where the tenth most read in a short run would include keys read by luck). Empty when the
     * keys are too many to count one by one ({@link #MOST_COUNTED}).
     */
    public Optional<AccessStats> realised(long operations) {
        if (keys > MOST_COUNTED) {
            return Optional.empty();
        }
        int[] reads = new int[(int) keys];
        for (long i = 0; i < operations; i++) {
            reads[(int) rank(i)]++;
        }
        return Optional.of(counted(reads, access.toString(), expectedShare(0.1)));
    }

    /** Reads counted by rank, as {@link AccessStats}: the hottest key is rank 0, the hottest tenth ranks below n/10. */
    public static AccessStats counted(int[] readsByRank, String distribution, double expectedTenthShare) {
        long distinct = 0;
        long total = 0;
        long tenth = Math.max(1, readsByRank.length / 10);
        long top = 0;
        for (int rank = 0; rank < readsByRank.length; rank++) {
            distinct += readsByRank[rank] > 0 ? 1 : 0;
            total += readsByRank[rank];
            top += rank < tenth ? readsByRank[rank] : 0;
        }
        return new AccessStats(distribution, readsByRank.length, total, distinct,
                readsByRank.length == 0 ? 0 : readsByRank[0], top, expectedTenthShare);
    }

    /** The share of reads the hottest {@code fraction} of the keys take, as the distribution has it. */
    public double expectedShare(double fraction) {
        long n = Math.max(1, Math.round(keys * fraction));
        return switch (access) {
            case Access.RoundRobin r -> (double) n / keys;
            case Access.Uniform u -> (double) n / keys;
            case Access.Zipf z -> ZipfSampler.harmonic(n, z.exponent()) / ZipfSampler.harmonic(keys, z.exponent());
            case Access.Hotspot h -> n <= hot ? h.share() * n / hot
                    : h.share() + (1 - h.share()) * (n - hot) / (double) (keys - hot);
        };
    }

    /** SplitMix64's finalizer: the draws' randomness. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
