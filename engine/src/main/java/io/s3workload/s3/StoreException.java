package io.s3workload.s3;

/**
 * A failed storage request, classified. {@link #errorClass()} is the short label the report groups errors by
 * ("HTTP 503 SlowDown", "connection refused"); {@link #kind()} says whether retrying the run could help.
 */
public final class StoreException extends RuntimeException {

    /** Broad causes, used to map a failed preflight to an exit code and a clear message. */
    public enum Kind { UNREACHABLE, AUTH, NO_CREDENTIALS, NO_BUCKET, NOT_FOUND, THROTTLED, HTTP, TIMEOUT, CLIENT }

    private final Kind kind;
    private final String errorClass;

    public StoreException(Kind kind, String errorClass, String message, Throwable cause) {
        super(message, cause, false, false);
        this.kind = kind;
        this.errorClass = errorClass;
    }

    public Kind kind() {
        return kind;
    }

    public String errorClass() {
        return errorClass;
    }
}
