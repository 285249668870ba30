package io.s3workload.ground;

import java.util.Arrays;
import java.util.Optional;

/**
 * The size of the objects of one cell: fixed, uniform or log-uniform between {@code min} and {@code max}, or drawn
 * by weight from a list of sizes (written in the workload, or a histogram read from a file). An object's size is a
 * function of its key's hash, so a reader knows it (to split ranges, to verify the length) without being told.
 */
public sealed interface SizeSpec permits SizeSpec.Fixed, SizeSpec.Range, SizeSpec.Weighted {

    /** The size of the object whose key hashes to {@code keyHash}. */
    long bytesFor(long keyHash);

    long minBytes();

    long maxBytes();

    double meanBytes();

    /** Compact form for object keys: {@code 1MiB}, {@code 1MiB-6MiB}. */
    String label();

    static SizeSpec of(DataSize size) {
        return new Fixed(size);
    }

    /** Whether objects of this spec come in more than one size (so that their latency is reported by size too). */
    default boolean varies() {
        return minBytes() != maxBytes();
    }

    /** Whether the sizes are known before the run: not those of existing objects, which are listed when read. */
    default boolean known() {
        return true;
    }

    /** 53 bits of a key hash as a double in [0, 1). */
    private static double unit(long keyHash) {
        return ((keyHash * 0x9E3779B97F4A7C15L) >>> 11) * 0x1.0p-53;
    }

    /** One size: {@code 1 MiB}. */
    record Fixed(DataSize size) implements SizeSpec {
        @Override
        public long bytesFor(long keyHash) {
            return size.bytes();
        }

        @Override
        public long minBytes() {
            return size.bytes();
        }

        @Override
        public long maxBytes() {
            return size.bytes();
        }

        @Override
        public double meanBytes() {
            return size.bytes();
        }

        @Override
        public String label() {
            return size.label();
        }

        @Override
        public String toString() {
            return size.toString();
        }
    }

    /** Sizes between two, both included, drawn one way or another. */
    sealed interface Range extends SizeSpec permits Uniform, LogUniform {
        DataSize min();

        DataSize max();

        @Override
        default long minBytes() {
            return min().bytes();
        }

        @Override
        default long maxBytes() {
            return max().bytes();
        }
    }

    /** Uniform between two sizes, both included: {@code 1 MiB-6 MiB}. */
    record Uniform(DataSize min, DataSize max) implements Range {
        @Override
        public long bytesFor(long keyHash) {
            long span = max.bytes() - min.bytes() + 1;
            return min.bytes() + Math.floorMod(keyHash, span);
        }

        @Override
        public double meanBytes() {
            return (min.bytes() + max.bytes()) / 2.0;
        }

        @Override
        public String label() {
            return min.label() + "-" + max.label();
        }

        @Override
        public String toString() {
            return min + "-" + max;
        }
    }

    /** Log-uniform between two sizes: as many objects between 4 and 8 KiB as between 4 and 8 MiB. */
    record LogUniform(DataSize min, DataSize max) implements Range {
        @Override
        public long bytesFor(long keyHash) {
            double low = Math.log(min.bytes());
            double high = Math.log(max.bytes());
            long size = Math.round(Math.exp(low + unit(keyHash) * (high - low)));
            return Math.max(min.bytes(), Math.min(max.bytes(), size));
        }

        @Override
        public double meanBytes() {
            return (max.bytes() - min.bytes()) / (Math.log(max.bytes()) - Math.log(min.bytes()));
        }

        @Override
        public String label() {
            return "log" + min.label() + "-" + max.label();
        }

        @Override
        public String toString() {
            return min + "-" + max + " log-uniform";
        }
    }

    /**
     * Sizes drawn by weight: {@code {weights: {4KiB: 70%, 1MiB: 25%, 64MiB: 5%}}}, or a histogram read from a file
     * (size,count lines: what an S3 Inventory report or a listing reduces to). {@code label} names it in keys and
     * reports: the weights themselves, or the file's name; equal labels are equal specs (a spec read back from a
     * report has its label alone).
     *
     * @param sizes      the sizes, ascending
     * @param cumulative each size's weight added to those of the sizes before it (a draw is a binary search)
     */
    record Weighted(String label, long[] sizes, double[] cumulative, String description) implements SizeSpec {

        public Weighted {
            sizes = sizes.clone();
            cumulative = cumulative.clone();
        }

        /** Sizes with their weights (any positive scale), ascending by size. */
        public static Weighted of(String label, long[] sizes, double[] weights, String description) {
            double[] cumulative = new double[weights.length];
            double sum = 0;
            for (int i = 0; i < weights.length; i++) {
                sum += weights[i];
                cumulative[i] = sum;
            }
            return new Weighted(label, sizes, cumulative, description);
        }

        /** The label of the sizes of existing objects, listed at run time ({@link #existing}). */
        public static final String EXISTING = "existing";

        /**
         * The sizes of the existing objects under {@code prefix}, before they are listed: the label of a cell that
         * reads them (the listing gives the sizes themselves, {@link #listed}).
         */
        public static Weighted existing(String prefix) {
            return new Weighted(EXISTING, new long[0], new double[0], "existing objects under " + prefix);
        }

        /** The sizes of a replayed trace's operations: each its own, as recorded. */
        public static Weighted recorded() {
            return new Weighted("recorded", new long[0], new double[0], "as recorded");
        }

        /** The sizes of the existing objects under {@code prefix} as listed: each size with how many have it. */
        public static Weighted listed(String prefix, long[] sizes, double[] counts, long objects) {
            return of(EXISTING, sizes, counts, "existing under " + prefix + " (" + objects + " objects"
                    + (sizes.length == 0 ? "" : ", " + DataSize.ofBytes(sizes[0]) + (sizes.length == 1 ? ""
                    : "-" + DataSize.ofBytes(sizes[sizes.length - 1]))) + ")");
        }

        /**
         * A weighted spec as read back from a report by its label: whole when the label spells the weights
         * ({@code w4KiB.70-1MiB.25-64MiB.5}), else (a histogram file's, existing objects') the label alone.
         */
        public static Weighted named(String label) {
            if (label.matches("w([0-9.]+[KMGT]?i?B\\.[0-9_]+)(-[0-9.]+[KMGT]?i?B\\.[0-9_]+)+")) {
                String[] parts = label.substring(1).split("-");
                long[] sizes = new long[parts.length];
                double[] shares = new double[parts.length];
                StringBuilder description = new StringBuilder();
                for (int i = 0; i < parts.length; i++) {
                    int dot = parts[i].lastIndexOf('.');
                    Optional<DataSize> size = DataSize.parse(parts[i].substring(0, dot));
                    if (size.isEmpty()) {
                        return new Weighted(label, new long[0], new double[0], label);
                    }
                    sizes[i] = size.get().bytes();
                    String share = parts[i].substring(dot + 1).replace('_', '.');
                    shares[i] = Double.parseDouble(share);
                    description.append(i == 0 ? "" : ", ").append(size.get()).append(' ').append(share).append('%');
                }
                return of(label, sizes, shares, description.toString());
            }
            return new Weighted(label, new long[0], new double[0], label);
        }

        @Override
        public long bytesFor(long keyHash) {
            if (sizes.length == 0) {
                return 0;
            }
            double target = unit(keyHash) * cumulative[cumulative.length - 1];
            int at = Arrays.binarySearch(cumulative, target);
            // the first size whose cumulative weight is above the target
            int i = at >= 0 ? at + 1 : -at - 1;
            return sizes[Math.min(i, sizes.length - 1)];
        }

        /** Each size's share of the draws, 0 to 1. */
        public double share(int index) {
            double before = index == 0 ? 0 : cumulative[index - 1];
            return (cumulative[index] - before) / cumulative[cumulative.length - 1];
        }

        @Override
        public long minBytes() {
            return sizes.length == 0 ? 0 : sizes[0];
        }

        @Override
        public long maxBytes() {
            return sizes.length == 0 ? 0 : sizes[sizes.length - 1];
        }

        @Override
        public double meanBytes() {
            double sum = 0;
            for (int i = 0; i < sizes.length; i++) {
                sum += share(i) * sizes[i];
            }
            return sum;
        }

        @Override
        public boolean varies() {
            return sizes.length != 1;
        }

        @Override
        public boolean known() {
            return sizes.length > 0;
        }

        @Override
        public String toString() {
            return description;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Weighted w && w.label.equals(label);
        }

        @Override
        public int hashCode() {
            return label.hashCode();
        }
    }
}
