package io.s3workload.metrics;

/**
 * A window in which a cell's store could not be reached: from its first refused (or unroutable) operation to the
 * start of the first operation that then succeeded.
 *
 * @param fromEpochMillis when the first operation was refused
 * @param toEpochMillis   when the first operation that succeeded afterwards began; -1 when the store was still
 *                        unreachable as the cell ended
 * @param failed          the operations that failed in the window because the store could not be reached
 */
public record Outage(long fromEpochMillis, long toEpochMillis, long failed) {

    public boolean ongoing() {
        return toEpochMillis < 0;
    }

    /** The window's length, up to {@code endEpochMillis} when it was still going on. */
    public long millis(long endEpochMillis) {
        return (ongoing() ? endEpochMillis : toEpochMillis) - fromEpochMillis;
    }

    /** Whether this window and {@code other} overlap (as the same outage seen by two shards). */
    boolean overlaps(Outage other) {
        long end = ongoing() ? Long.MAX_VALUE : toEpochMillis;
        long otherEnd = other.ongoing() ? Long.MAX_VALUE : other.toEpochMillis;
        return fromEpochMillis <= otherEnd && other.fromEpochMillis <= end;
    }

    /** One window covering both. */
    Outage plus(Outage other) {
        long to = ongoing() || other.ongoing() ? -1 : Math.max(toEpochMillis, other.toEpochMillis);
        return new Outage(Math.min(fromEpochMillis, other.fromEpochMillis), to, failed + other.failed);
    }
}
