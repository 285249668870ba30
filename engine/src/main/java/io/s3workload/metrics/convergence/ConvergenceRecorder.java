package io.s3workload.metrics.convergence;

import io.s3workload.metrics.CellRecorder;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/** Records the iterations of one writer-reader pair, and the polls they took, from many threads without locks. */
public final class ConvergenceRecorder {

    private final String writer;
    private final String reader;
    private final Recorder convergence = new Recorder(CellRecorder.LOWEST_NANOS, CellRecorder.HIGHEST_NANOS, 3);
    private final Recorder showingRead = new Recorder(CellRecorder.LOWEST_NANOS, CellRecorder.HIGHEST_NANOS, 3);
    private final LongAdder immediate = new LongAdder();
    private final LongAdder eventual = new LongAdder();
    private final LongAdder timedOut = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder stale = new LongAdder();
    private final LongAdder polls = new LongAdder();
    private final LongAdder notYet = new LongAdder();
    private final LongAdder pollErrors = new LongAdder();

    public ConvergenceRecorder(String writer, String reader) {
        this.writer = writer;
        this.reader = reader;
    }

    /**
     * The write showed: {@code lagNanos} after the write's response the read that showed it was sent (0 for the
     * first read), and that read took {@code readNanos}.
     */
    public void converged(long lagNanos, long readNanos, boolean wasImmediate) {
        convergence.recordValue(Math.min(Math.max(lagNanos, 0), CellRecorder.HIGHEST_NANOS));
        showingRead.recordValue(Math.min(Math.max(readNanos, CellRecorder.LOWEST_NANOS), CellRecorder.HIGHEST_NANOS));
        (wasImmediate ? immediate : eventual).increment();
    }

    public void timedOut() {
        timedOut.increment();
    }

    /** The write failed: the iteration had nothing for this reader to see. */
    public void writeFailed() {
        failed.increment();
    }

    /** The reader served an older version at least once in this iteration. */
    public void sawStale() {
        stale.increment();
    }

    /** One poll: it showed the write (or a version of it), said "not yet" (404, absent from a listing), or failed. */
    public void polled(Poll outcome) {
        polls.increment();
        switch (outcome) {
            case ANSWERED -> { }
            case NOT_YET -> notYet.increment();
            case ERROR -> pollErrors.increment();
        }
    }

    /** What one poll got. */
    public enum Poll { ANSWERED, NOT_YET, ERROR }

    /** The final figures; call once, after every iteration has ended. */
    public ConvergenceStats finish() {
        Histogram histogram = convergence.getIntervalHistogram();
        long i = immediate.sum();
        long e = eventual.sum();
        long t = timedOut.sum();
        long f = failed.sum();
        return new ConvergenceStats(writer, reader, i + e + t + f, i, e, t, f, stale.sum(),
                new ConvergenceStats.Polls(polls.sum(), notYet.sum(), pollErrors.sum()), histogram, showingRead.getIntervalHistogram());
    }
}
