package io.s3workload.trace.formats;

import io.s3workload.trace.TraceFiles;
import io.s3workload.trace.TraceOp;
import io.s3workload.trace.TraceProblems;
import io.s3workload.trace.TraceReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A trace whose operations are lines (an access log, JSON lines): reads a line at a time and asks {@link #parse} for
 * its operation; a line that does not parse is told to the {@link TraceProblems} with its file and line number.
 */
abstract class LineTraceReader implements TraceReader {

    private final BufferedReader in;
    private final String file;
    private final TraceProblems problems;
    private long lineNumber;

    LineTraceReader(Path file, TraceProblems problems) throws IOException {
        this.in = TraceFiles.open(file);
        this.file = file.toString();
        this.problems = problems;
    }

    /** A line's operation; null for a line that holds none (a blank one, a record of something else). */
    abstract TraceOp parse(String line, String where) throws TraceLineException;

    @Override
    public TraceOp next() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            problems.line();
            String where = file + ":" + lineNumber;
            try {
                TraceOp op = parse(line, where);
                if (op != null) {
                    return op;
                }
            } catch (TraceLineException | RuntimeException e) {
                problems.bad(where, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** A line that is not what its format says. */
    static final class TraceLineException extends Exception {
        TraceLineException(String message) {
            super(message);
        }
    }
}
