package io.s3workload.kinds.replay;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.run.loop.Schedule;
import io.s3workload.run.loop.WorkerState;
import io.s3workload.trace.TraceOp;
import io.s3workload.trace.scan.SizeClass;
import io.s3workload.trace.scan.Trace;
import io.s3workload.trace.scan.TraceScan;
import io.s3workload.trace.scan.TraceSelection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * A replay's trace read as its workers take the operations (a stream: one operation held at a time), each due at
 * its recorded time from the trace's first played operation divided by the speed. Notes how late each started,
 * whether every worker was busy when it was taken (the cap shaped it), and how many started in each second.
 */
final class ReplaySchedule implements Schedule {

    /** A worker's operation in hand, for the replay's {@link io.s3workload.run.loop.Operation} to run. */
    static final class Hand {
        TraceOp op;
        /** The multipart upload a multipart operation belongs to, bound when it was taken (in the trace's order). */
        ReplayRequests.Upload upload;
        /** When it is due, from the replay clock's start. */
        long due;
        /** Its place in its keys' order (null: it names no key). */
        KeyOrder.Turn turn;
    }

    private final Trace trace;
    private final TraceSelection selection;
    /** Told of each operation as it is taken, in order (binds multipart operations to their uploads). */
    private final Function<TraceOp, ReplayRequests.Upload> taking;
    private final long firstMicros;
    private final long firstPlayedMicros;
    private final double speed;
    private final Histogram lateness = CellRecorder.newHistogram();
    private long seq;
    private long taken;
    private long capped;
    private long late;
    private long[] perSecond = new long[64];
    private final Map<String, Long> mix = new HashMap<>();
    private final KeyOrder order = new KeyOrder();

    ReplaySchedule(Trace trace, TraceSelection selection, long firstMicros, long firstPlayedMicros, double speed,
                   Function<TraceOp, ReplayRequests.Upload> taking) {
        this.trace = trace;
        this.selection = selection;
        this.taking = taking;
        this.firstMicros = firstMicros;
        this.firstPlayedMicros = firstPlayedMicros;
        this.speed = speed;
    }

    @Override
    public synchronized long next(WorkerState worker) {
        Hand hand = worker.local(Hand::new);
        try {
            TraceOp op;
            while ((op = trace.next()) != null) {
                long at = seq++;
                if (op.kind() == null || !selection.inWindow(op, firstMicros)) {
                    continue;
                }
                TraceOp kept = selection.select(op, at);
                if (kept == null) {
                    continue;
                }
                hand.op = kept;
                hand.upload = taking.apply(kept);
                hand.turn = order.taken(kept);
                taken++;
                // a record out of the log's order (CloudTrail's may be) is due at once
                hand.due = Math.max(0, Math.round((kept.timeMicros() - firstPlayedMicros) * 1000 / speed));
                return hand.due;
            }
            hand.op = null;
            hand.turn = null;
            return Long.MAX_VALUE;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public long awaitTurn(WorkerState worker, BooleanSupplier stop) {
        long turn = order.await(worker.local(Hand::new).turn, stop);
        return turn == KeyOrder.NO_WAIT ? NO_WAIT : turn == KeyOrder.GAVE_UP ? GAVE_UP : turn;
    }

    @Override
    public void dropped(WorkerState worker) {
        Hand hand = worker.local(Hand::new);
        order.ended(hand.turn);
        hand.turn = null;
    }

    @Override
    public void issued(WorkerState worker, long intendedNanos, long lateNanos, boolean allBusy) {
        Hand hand = worker.local(Hand::new);
        order.ended(hand.turn);
        hand.turn = null;
        int second = (int) ((intendedNanos + lateNanos) / 1_000_000_000L); // on the replay's clock
        synchronized (this) {
            lateness.recordValue(Math.max(CellRecorder.LOWEST_NANOS, Math.min(lateNanos, CellRecorder.HIGHEST_NANOS)));
            if (lateNanos > CellStats.LATE_MILLIS * 1_000_000L) {
                late++;
                if (allBusy) {
                    capped++;
                }
            }
            if (second >= perSecond.length) {
                perSecond = Arrays.copyOf(perSecond, Math.max(second + 1, perSecond.length * 2));
            }
            perSecond[second]++;
            if (hand.op != null) {
                mix.merge(hand.op.kind().name() + "\t" + SizeClass.of(
                        TraceScan.size(hand.op)), 1L, Long::sum);
            }
        }
    }

    /** The operations issued, by kind and size class ({@code GET\t4 KiB-16 KiB}). */
    synchronized Map<String, Long> replayedMix() {
        return new TreeMap<>(mix);
    }

    /** How often, and how long, operations waited for an earlier one on their key. */
    ReplayFidelity.KeyOrder keyOrder() {
        return order.figures();
    }

    synchronized long taken() {
        return taken;
    }

    synchronized Histogram lateness() {
        return lateness.copy();
    }

    synchronized long late() {
        return late;
    }

    synchronized long capped() {
        return capped;
    }

    /** Operations issued per second of the replay, up to the last second one was. */
    synchronized long[] perSecond() {
        int n = perSecond.length;
        while (n > 0 && perSecond[n - 1] == 0) {
            n--;
        }
        return Arrays.copyOf(perSecond, n);
    }
}
