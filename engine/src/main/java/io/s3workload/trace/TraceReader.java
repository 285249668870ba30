package io.s3workload.trace;

import java.io.IOException;

/**
 * A trace read one operation at a time, in the order of the file (a stream: nothing of it is kept). A line that
 * does not parse is told to the {@link TraceProblems} and skipped; a file that cannot be read at all is an
 * {@link IOException}.
 */
public interface TraceReader extends AutoCloseable {

    /** The next operation, or null at the end. */
    TraceOp next() throws IOException;

    @Override
    void close() throws IOException;
}
