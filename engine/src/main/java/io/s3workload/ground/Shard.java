package io.s3workload.ground;

import java.util.Optional;

/**
 * One of {@code count} identical processes running a workload together ({@code run --shard index/count}, from 0):
 * it takes its share of the workers, objects, operations, iterations and rate, and writes under
 * {@code <run prefix>/shard-<index>/}.
 */
public record Shard(int index, int count) {

    /** The whole run: a process that is not one of several. */
    public static final Shard WHOLE = new Shard(0, 1);

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("a shard is I/N with 0 <= I < N, got " + index + "/" + count);
        }
    }

    /** {@code 2/3}: index, then count. */
    public static Optional<Shard> parse(String text) {
        String[] parts = text.trim().split("/");
        try {
            if (parts.length == 2) {
                int index = Integer.parseInt(parts[0].trim());
                int count = Integer.parseInt(parts[1].trim());
                if (count >= 1 && index >= 0 && index < count) {
                    return Optional.of(new Shard(index, count));
                }
            }
        } catch (NumberFormatException e) {
            // not a shard
        }
        return Optional.empty();
    }

    /** This shard's part of {@code total} whole things: an even split, the first shards taking the remainder. */
    public long share(long total) {
        return total / count + (index < total % count ? 1 : 0);
    }

    /** This shard's part of {@code n} workers or things: at least 1; a value below 1 stays as it is. */
    public long part(long n) {
        return n < 1 ? n : Math.max(1, share(n));
    }

    public int part(int n) {
        return (int) part((long) n);
    }

    /** This shard's part of a rate: an exact division. */
    public double rate(double perSecond) {
        return perSecond / count;
    }

    /** The sub-prefix of the run prefix this shard's keys go under. */
    public String prefix() {
        return "shard-" + index + "/";
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
