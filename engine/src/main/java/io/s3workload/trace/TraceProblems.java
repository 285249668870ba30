package io.s3workload.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * What could not be read of a trace: how many lines (or records) there were, how many did not parse, and the first
 * few of those with their file, line and what was wrong. More than {@link #MOST_BAD_SHARE} of the lines bad stops a
 * replay before it starts.
 */
public final class TraceProblems {

    /** The share of lines that may be bad before a trace is refused as a whole. */
    public static final double MOST_BAD_SHARE = 0.01;
    private static final int EXAMPLES = 5;

    private long lines;
    private long bad;
    private final List<String> examples = new ArrayList<>();

    public synchronized void line() {
        lines++;
    }

    /** A line that did not parse: {@code where} is {@code file:line}. */
    public synchronized void bad(String where, String what) {
        bad++;
        if (examples.size() < EXAMPLES) {
            examples.add(where + ": " + what);
        }
    }

    public synchronized long lines() {
        return lines;
    }

    public synchronized long bad() {
        return bad;
    }

    public synchronized List<String> examples() {
        return List.copyOf(examples);
    }

    /** Whether too many lines were bad to trust the rest. */
    public synchronized boolean tooMany() {
        return bad > 0 && bad > MOST_BAD_SHARE * lines;
    }
}
