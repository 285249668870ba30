package io.s3workload.workload;

/**
 * The size of the objects of one cell: fixed, or uniform between {@code min} and {@code max}. An object's size is a
 * function of its key's hash, so a reader knows it (to split ranges, to verify the length) without being told.
 */
public sealed interface SizeSpec permits SizeSpec.Fixed, SizeSpec.Uniform {

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

    /** Uniform between two sizes, both included: {@code 1 MiB-6 MiB}. */
    record Uniform(DataSize min, DataSize max) implements SizeSpec {
        @Override
        public long bytesFor(long keyHash) {
            long span = max.bytes() - min.bytes() + 1;
            return min.bytes() + Math.floorMod(keyHash, span);
        }

        @Override
        public long minBytes() {
            return min.bytes();
        }

        @Override
        public long maxBytes() {
            return max.bytes();
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
}
