package io.s3workload.trace.formats;

import io.s3workload.trace.TraceOp;
import io.s3workload.trace.TraceReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A trace whose log keeps whole seconds (an access log, CloudTrail): the operations of one second, which the log
 * cannot place within it, spread evenly over it in the log's order — the i-th of n at (i + ½)/n of the second —
 * rather than all due at its first instant, a burst the store never saw. Holds one second's operations at a time.
 */
final class SpreadWithinSeconds implements TraceReader {

    private final TraceReader in;
    private final List<TraceOp> second = new ArrayList<>();
    private TraceOp next;
    private int at;

    SpreadWithinSeconds(TraceReader in) {
        this.in = in;
    }

    @Override
    public TraceOp next() throws IOException {
        if (at < second.size()) {
            return spread(at++);
        }
        second.clear();
        at = 0;
        TraceOp first = next != null ? next : in.next();
        next = null;
        if (first == null) {
            return null;
        }
        second.add(first);
        TraceOp op;
        while ((op = in.next()) != null && op.timeMicros() == first.timeMicros()) {
            second.add(op);
        }
        next = op;
        return spread(at++);
    }

    private TraceOp spread(int i) {
        TraceOp op = second.get(i);
        long offset = (2L * i + 1) * 1_000_000L / (2L * second.size());
        return op.at(op.timeMicros() + offset);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
