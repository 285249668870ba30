package io.s3workload.metrics;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/** Records the iterations of one writer-reader pair from many threads without locks. */
public final class ConvergenceRecorder {

    private final String writer;
    private final String reader;
    private final Recorder convergence = new Recorder(CellRecorder.LOWEST_NANOS, CellRecorder.HIGHEST_NANOS, 3);
    private final LongAdder immediate = new LongAdder();
    private final LongAdder eventual = new LongAdder();
    private final LongAdder timedOut = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder stale = new LongAdder();
    private final LongAdder polls = new LongAdder();
    private final LongAdder pollErrors = new LongAdder();

    public ConvergenceRecorder(String writer, String reader) {
        this.writer = writer;
        this.reader = reader;
    }

    public void converged(long nanos, boolean wasImmediate) {
        convergence.recordValue(Math.min(Math.max(nanos, CellRecorder.LOWEST_NANOS), CellRecorder.HIGHEST_NANOS));
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

    public void polled(boolean error) {
        polls.increment();
        if (error) {
            pollErrors.increment();
        }
    }

    /** The final figures; call once, after every iteration has ended. */
    public ConvergenceStats finish() {
        Histogram histogram = convergence.getIntervalHistogram();
        long i = immediate.sum();
        long e = eventual.sum();
        long t = timedOut.sum();
        long f = failed.sum();
        return new ConvergenceStats(writer, reader, i + e + t + f, i, e, t, f, stale.sum(), polls.sum(),
                pollErrors.sum(), histogram);
    }
}
