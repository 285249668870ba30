package io.s3workload.kinds.replay;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.trace.TraceOp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;

/**
 * Each key's recorded order in a replay (docs/replay.md, "Each key in its recorded order"). An operation waits, before
 * it starts, for the operations on its keys that the trace shows ended before it began; where the log cannot tell
 * (a log of whole seconds: an access log, CloudTrail), for every one the trace lists before it. Operations the trace
 * shows overlapping stay free to overlap; the steps of one multipart upload are ordered by the upload itself
 * ({@link ReplayRequests}). Only operations taken and not yet ended are held, a few per worker, whatever the trace's
 * length; waits are counted for the fidelity report.
 */
final class KeyOrder {

    /** What {@link #await} gives when the operation did not wait. */
    static final long NO_WAIT = Long.MIN_VALUE;
    /** ... when the stage stopped while it waited. */
    static final long GAVE_UP = Long.MAX_VALUE;

    /** An operation taken from the trace and not yet ended here: the earlier ones it follows, and its end. */
    static final class Turn {
        private final List<String> keys;
        private final long recordedEndMicros;
        private final boolean multipart;
        private List<Turn> follows;
        private final CountDownLatch ended = new CountDownLatch(1);

        private Turn(List<String> keys, long recordedEndMicros, boolean multipart, List<Turn> follows) {
            this.keys = keys;
            this.recordedEndMicros = recordedEndMicros;
            this.multipart = multipart;
            this.follows = follows;
        }
    }

    /** Per key, the operations on it taken and not yet ended, in the trace's order. */
    private final Map<String, List<Turn>> inFlight = new HashMap<>();
    private final Histogram waits = CellRecorder.newHistogram();
    private long waited;

    /** {@code op} is taken, in the trace's order: its turn, following what it must (null: it names no key). */
    synchronized Turn taken(TraceOp op) {
        List<String> keys = keysOf(op);
        if (keys.isEmpty()) {
            return null;
        }
        boolean multipart = multipart(op.kind());
        List<Turn> follows = new ArrayList<>(0);
        for (String key : keys) {
            for (Turn earlier : inFlight.getOrDefault(key, List.of())) {
                if (!(multipart && earlier.multipart) && endedBefore(earlier, op) && !follows.contains(earlier)) {
                    follows.add(earlier);
                }
            }
        }
        Turn turn = new Turn(keys, op.endMicros(), multipart, follows);
        for (String key : keys) {
            inFlight.computeIfAbsent(key, k -> new ArrayList<>(2)).add(turn);
        }
        return turn;
    }

    /** Every key {@code op} names: its own and a batch's (a reader may give both), each once. */
    private static List<String> keysOf(TraceOp op) {
        if (op.keys().isEmpty()) {
            return op.key() == null ? List.of() : List.of(op.key());
        }
        if (op.key() == null || op.keys().contains(op.key())) {
            return op.keys();
        }
        List<String> all = new ArrayList<>(op.keys().size() + 1);
        all.add(op.key());
        all.addAll(op.keys());
        return all;
    }

    /**
     * Whether the trace shows {@code earlier} (listed before {@code op}) ended before {@code op} began; true where it
     * cannot tell (either's end not recorded).
     */
    private static boolean endedBefore(Turn earlier, TraceOp op) {
        return earlier.recordedEndMicros < 0 || op.endMicros() < 0 || earlier.recordedEndMicros <= op.timeMicros();
    }

    private static boolean multipart(TraceOp.Kind kind) {
        return kind == TraceOp.Kind.MULTIPART_CREATE || kind == TraceOp.Kind.MULTIPART_PART
                || kind == TraceOp.Kind.MULTIPART_COMPLETE || kind == TraceOp.Kind.MULTIPART_ABORT;
    }

    /**
     * Waits until every operation {@code turn} follows has ended here: the instant ({@link System#nanoTime}) it
     * may start, {@link #NO_WAIT} when none was still going, {@link #GAVE_UP} when {@code stop} said so meanwhile.
     */
    long await(Turn turn, BooleanSupplier stop) {
        if (turn == null || turn.follows.isEmpty()) {
            return NO_WAIT;
        }
        long began = System.nanoTime();
        boolean any = false;
        try {
            for (Turn earlier : turn.follows) {
                while (earlier.ended.getCount() > 0) {
                    any = true;
                    if (stop.getAsBoolean()) {
                        return GAVE_UP;
                    }
                    earlier.ended.await(20, TimeUnit.MILLISECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return GAVE_UP;
        } finally {
            turn.follows = List.of(); // nothing kept of operations that ended: memory stays flat
        }
        if (!any) {
            return NO_WAIT;
        }
        long now = System.nanoTime();
        synchronized (this) {
            waited++;
            waits.recordValue(Math.max(CellRecorder.LOWEST_NANOS, Math.min(now - began, CellRecorder.HIGHEST_NANOS)));
        }
        return now;
    }

    /** {@code turn}'s operation has ended here (or will not run): what follows it may go. */
    void ended(Turn turn) {
        if (turn == null) {
            return;
        }
        synchronized (this) {
            for (String key : turn.keys) {
                List<Turn> on = inFlight.get(key);
                if (on != null) {
                    on.remove(turn);
                    if (on.isEmpty()) {
                        inFlight.remove(key);
                    }
                }
            }
        }
        turn.ended.countDown();
    }

    /** How often, and how long, operations waited for an earlier one on their key. */
    synchronized ReplayFidelity.KeyOrder figures() {
        return ReplayFidelity.KeyOrder.of(waited, waits);
    }
}
