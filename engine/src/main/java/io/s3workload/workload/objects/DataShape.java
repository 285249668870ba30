package io.s3workload.workload.objects;

/**
 * What object bodies are made of. By default every body is unique: distinct from every other object's, with no
 * repeated stretch in itself, so that nothing a data-reducing store does (deduplication, compression over any
 * window) stores less than was written. {@code compressible} makes each 4 KiB block shrink by about that ratio under
 * a general-purpose compressor (random words, then zeros); {@code dedupe} makes about {@code 1 - 1/dedupe} of the
 * 4 KiB blocks copies of a few shared ones, so that fixed-block deduplication over a run's objects reaches that
 * ratio. Both combine.
 *
 * @param compressible the compression ratio to offer, 1 for none (at most {@link #MAX_RATIO})
 * @param dedupe       the fixed 4 KiB-block deduplication ratio to offer, 1 for none (at most {@link #MAX_RATIO})
 */
public record DataShape(double compressible, double dedupe) {

    /** The default: every byte unique, nothing to compress or deduplicate. */
    public static final DataShape UNIQUE = new DataShape(1, 1);
    /** The largest ratio either may ask: a 4 KiB block keeps at least one random 8-byte word in 512. */
    public static final double MAX_RATIO = 100;
    /** The unit both ratios work in: a block of this many bytes (what fixed-block dedupe compares). */
    public static final int BLOCK_BYTES = 4096;

    public DataShape {
        if (!(compressible >= 1 && compressible <= MAX_RATIO && dedupe >= 1 && dedupe <= MAX_RATIO)) {
            throw new IllegalArgumentException("ratios from 1 to " + MAX_RATIO + ", got " + compressible + ", " + dedupe);
        }
    }

    public boolean unique() {
        return compressible == 1 && dedupe == 1;
    }

    /** {@code unique}, {@code compressible 2.0}, {@code compressible 2.0, dedupe 3.0}. */
    @Override
    public String toString() {
        if (unique()) {
            return "unique";
        }
        StringBuilder b = new StringBuilder();
        if (compressible > 1) {
            b.append("compressible ").append(compressible);
        }
        if (dedupe > 1) {
            b.append(b.isEmpty() ? "" : ", ").append("dedupe ").append(dedupe);
        }
        return b.toString();
    }
}
