package io.s3workload.workload.objects;

import java.util.Optional;

/**
 * Where a reading stage's objects come from ({@code from}): an earlier stage of this run, whose keys it knows, or a
 * prefix of the bucket that already holds objects, listed once before the stage reads them.
 */
public sealed interface ObjectsFrom {

    /** The earlier stage read from, when it is one. */
    default Optional<String> stage() {
        return this instanceof Stage s ? Optional.of(s.name()) : Optional.empty();
    }

    /** The existing objects read, when they are a prefix's. */
    default Optional<Prefix> existing() {
        return this instanceof Prefix p ? Optional.of(p) : Optional.empty();
    }

    /** {@code from: put-1mib}: the objects an earlier stage wrote. */
    record Stage(String name) implements ObjectsFrom {
        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * {@code from: {prefix: datasets/2024/}}: objects already in the bucket under {@code prefix} (from the bucket's
     * root), which the run reads and never writes, deletes or verifies: their content is not its own.
     *
     * @param where where the prefix was written (file:line:column), for the error when it holds nothing
     */
    record Prefix(String prefix, String where) implements ObjectsFrom {
        @Override
        public String toString() {
            return "existing objects under " + prefix;
        }
    }
}
