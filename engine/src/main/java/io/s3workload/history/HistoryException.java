package io.s3workload.history;

/** A history file that cannot be read: its message names the file, the line and what is wrong. */
public final class HistoryException extends Exception {

    public HistoryException(String message) {
        super(message);
    }
}
