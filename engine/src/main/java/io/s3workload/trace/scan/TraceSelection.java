package io.s3workload.trace.scan;

import io.s3workload.trace.TraceOp;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Which of a trace's operations a replay plays: those in the window {@code from}..{@code to} (from the trace's first
 * operation), of a deterministic share of the keys ({@code sample: {keys: 10%}}: every operation of each kept key,
 * so key reuse holds), and of a sharded run's shard's keys (an operation without a key, a listing, by its place in
 * the trace).
 *
 * @param keepShare  the share of keys kept, 0 < share <= 1
 * @param shardIndex this shard's number from 0, of {@code shardCount} (1: not sharded)
 */
public record TraceSelection(Optional<Duration> from, Optional<Duration> to, double keepShare, int shardIndex,
                             int shardCount) {

    public static final TraceSelection ALL = new TraceSelection(Optional.empty(), Optional.empty(), 1, 0, 1);

    /** Whether the operation at {@code seq} (its place in the trace, from 0), begun at {@code t0}, is played. */
    public boolean inWindow(TraceOp op, long t0Micros) {
        long at = op.timeMicros() - t0Micros;
        return (from.isEmpty() || at >= from.get().toNanos() / 1000) && (to.isEmpty() || at < to.get().toNanos() / 1000);
    }

    /** {@code op} as played (a batched delete keeps the kept keys), or null when it is not played. */
    public TraceOp select(TraceOp op, long seq) {
        if (op.kind() == TraceOp.Kind.DELETE_OBJECTS && !op.keys().isEmpty()) {
            List<String> kept = op.keys().stream().filter(this::keeps).toList();
            return kept.isEmpty() ? null : kept.size() == op.keys().size() ? op : op.withKeys(kept);
        }
        if (op.key() == null) {
            return Math.floorMod(seq, shardCount) == shardIndex ? op : null;
        }
        return keeps(op.key()) ? op : null;
    }

    /** Whether {@code key}'s operations are played. */
    public boolean keeps(String key) {
        long h = hash(key);
        if (keepShare < 1 && (h >>> 11) * 0x1.0p-53 >= keepShare) {
            return false;
        }
        return shardCount == 1 || Math.floorMod(mix(h ^ 0x5348415244L), shardCount) == shardIndex;
    }

    /** A 64-bit hash of {@code key}: FNV-1a over its characters, mixed (the same on every machine and run). */
    public static long hash(String key) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < key.length(); i++) {
            h ^= key.charAt(i);
            h *= 0x100000001b3L;
        }
        return mix(h);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
