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
    private final String key;

    public StoreException(Kind kind, String errorClass, String message, Throwable cause) {
        this(kind, errorClass, message, cause, null);
    }

    private StoreException(Kind kind, String errorClass, String message, Throwable cause, String key) {
        super(message, cause, false, false);
        this.kind = kind;
        this.errorClass = errorClass;
        this.key = key;
    }

    /** A request that ran out of time, of class {@code errorClass}, on {@code key} (may be null). */
    public static StoreException timeout(String errorClass, String key) {
        return new StoreException(Kind.TIMEOUT, errorClass, errorClass, null, key);
    }

    /**
     * An operation cut short because the run was stopping (Ctrl-C, SIGTERM): not the storage's failure, and not
     * retried.
     */
    public static StoreException stopped(String key) {
        return new StoreException(Kind.CLIENT, STOPPED, STOPPED, null, key);
    }

    /** The class of operations the run's stop interrupted. */
    public static final String STOPPED = "interrupted: run stopped";

    /** This failure, noting the object key it happened on (an example in the report). */
    public StoreException withKey(String objectKey) {
        return new StoreException(kind, errorClass, getMessage(), getCause(), objectKey);
    }

    /** The object key the failed request named, or null. */
    public String key() {
        return key;
    }

    /**
     * Whether trying again may succeed: throttling, timeouts, refused or reset connections, a truncated body, a
     * 5xx answer. Not: 4xx answers (auth, not found), bad requests, client-side errors.
     */
    public boolean retryable() {
        return switch (kind) {
            case THROTTLED, TIMEOUT, UNREACHABLE -> true;
            case HTTP -> errorClass.startsWith("HTTP 5");
            case CLIENT -> errorClass.equals(ErrorClassifier.RESET) || errorClass.equals(ErrorClassifier.TRUNCATED);
            default -> false;
        };
    }

    public Kind kind() {
        return kind;
    }

    public String errorClass() {
        return errorClass;
    }
}
