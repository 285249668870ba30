package io.s3workload.run.keys;

import io.s3workload.workload.objects.DataShape;
import java.util.Arrays;
import java.util.function.LongFunction;
import java.util.function.LongUnaryOperator;

/**
 * The keys a stage wrote for one size: {@code prefix + 0 .. prefix + (span - 1)} were attempted, and all of them
 * but the {@code missing} indices (whose every PUT failed) were written. Readers index the written keys only
 * ({@link #key}), so a failed PUT never turns into a false "not found" on a read; cleanup knows every attempted
 * key ({@link #attempted}), because a PUT that failed on the client's side may still have been stored.
 */
public final class KeySet {

    private final String prefix;
    private final long span;
    private final long[] missing;
    /** The keys whose bytes these hold (a copy stage's sources), or null when each holds its own payload. */
    private final KeySet origin;
    /** What the bodies were made of. */
    private final DataShape shape;
    /** For copies: which of {@code origin}'s written keys key number {@code n} holds the bytes of. */
    private final LongUnaryOperator copied;
    /** Existing objects, listed, when these keys are theirs (not the run's): read, never written or deleted. */
    private final ExistingObjects existing;
    /**
     * Where each write of a key carried bytes of its own (conditional PUTs), the payload key of the write the store
     * kept of key number {@code n}; null when each key holds its own key's payload.
     */
    private final LongFunction<String> kept;

    /** {@code count} keys, all written. */
    public KeySet(String prefix, long count) {
        this(prefix, count, new long[0], null);
    }

    KeySet(String prefix, long span, long[] missing, KeySet origin) {
        this(prefix, span, missing, origin, DataShape.UNIQUE,
                origin == null ? null : n -> n % origin.count());
    }

    /** Copies of {@code origin}'s keys: key number {@code n} holds the bytes of its written key {@code copied(n)}. */
    KeySet(String prefix, long span, long[] missing, KeySet origin, LongUnaryOperator copied) {
        this(prefix, span, missing, origin, DataShape.UNIQUE, copied);
    }

    /**
     * @param missing the sorted indices in {@code [0, span)} that were attempted but never written
     * @param origin  null, or the keys copied here: key number {@code n} holds the bytes of
     *                {@code origin.key(n % origin.count())} (or those {@code copied} names)
     */
    private KeySet(String prefix, long span, long[] missing, KeySet origin, DataShape shape,
                   LongUnaryOperator copied) {
        this(prefix, span, missing, origin, shape, copied, null, null);
    }

    private KeySet(String prefix, long span, long[] missing, KeySet origin, DataShape shape,
                   LongUnaryOperator copied, ExistingObjects existing,
                   LongFunction<String> kept) {
        this.existing = existing;
        this.kept = kept;
        this.prefix = prefix;
        this.span = span;
        this.missing = missing.clone();
        this.origin = origin;
        this.shape = shape;
        this.copied = copied;
    }

    /** These keys, their bodies made as {@code made} says (the writing stage's {@code data}). */
    public KeySet madeAs(DataShape made) {
        return new KeySet(prefix, span, missing, origin, made, copied, existing, kept);
    }

    /**
     * These keys, key number {@code n} holding the payload of {@code kept(n)} (the write of it the store kept)
     * rather than of its own key.
     */
    public KeySet keeping(LongFunction<String> kept) {
        return new KeySet(prefix, span, missing, origin, shape, copied, existing, kept);
    }

    /** The keys of existing objects (not the run's): to read, never to write, delete or verify. */
    public static KeySet existing(ExistingObjects objects) {
        return new KeySet(objects.prefix().prefix(), objects.count(), new long[0], null,
                DataShape.UNIQUE, null, objects, null);
    }

    /**
     * Whether what these keys hold is known, so that a read can be checked byte for byte: not for existing objects
     * or copies of them.
     */
    public boolean verifiable() {
        return origin == null ? existing == null : origin.verifiable();
    }

    /**
     * The size of the {@code index}-th written key's object as listed (existing objects, and copies of them); -1
     * when its size is its size spec's, as for every object the run made itself.
     */
    public long listedBytes(long index) {
        return existing != null ? existing.size(index)
                : origin != null ? origin.listedBytes(copied.applyAsLong(written(index))) : -1;
    }

    /** What the bodies these keys hold were made of: the copied keys' for a copy. */
    public DataShape shape() {
        return origin == null ? shape : origin.shape();
    }

    public String prefix() {
        return prefix;
    }

    /** How many keys were written (readable). */
    public long count() {
        return span - missing.length;
    }

    /** How many keys were attempted: written or not. */
    public long span() {
        return span;
    }

    /** How many attempted keys were never written. */
    public long missing() {
        return missing.length;
    }

    /** The {@code index}-th written key ({@code 0 <= index < count()}). */
    public String key(long index) {
        return existing != null ? existing.key(index) : prefix + written(index);
    }

    /**
     * The key whose payload the {@code index}-th written key holds, for checking what is read: the key itself, or
     * for a copy the source it was copied from (and so on down a chain of copies).
     */
    public String contentKey(long index) {
        if (kept != null) {
            return kept.apply(written(index));
        }
        return origin == null ? key(index) : origin.contentKey(copied.applyAsLong(written(index)));
    }

    /** The {@code index}-th attempted key ({@code 0 <= index < span()}), whether or not it was written. */
    public String attempted(long index) {
        if (existing != null) {
            throw new IllegalStateException("existing objects are never the run's to delete: " + prefix);
        }
        return prefix + index;
    }

    /**
     * The smallest key number whose count of written numbers up to it is {@code index + 1}: a binary search over
     * the numbers, each step counting the missing ones below by a binary search over {@link #missing}.
     */
    private long written(long index) {
        if (missing.length == 0) {
            return index;
        }
        long low = index;
        long high = index + missing.length;
        while (low < high) {
            long mid = (low + high) >>> 1;
            if (mid + 1 - missingUpTo(mid) >= index + 1) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return low;
    }

    /** How many missing numbers are {@code <= number}. */
    private long missingUpTo(long number) {
        int at = Arrays.binarySearch(missing, number);
        return at >= 0 ? at + 1 : -at - 1;
    }

    @Override
    public String toString() {
        return prefix + "[0.." + span + ") less " + missing.length + " never written";
    }
}
