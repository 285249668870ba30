package io.s3workload.s3;

/**
 * A failed storage request, classified. {@link #errorClass()} is the short label the report groups errors by
 * ("HTTP 503 SlowDown", "connection refused"); {@link #kind()} says whether retrying the run could help.
 */
public final class StoreException extends RuntimeException {

    /**
     * What kind of failure, for callers to switch on (never on the error class's text): {@code NOT_SUPPORTED} is a
     * request the server does not implement (HTTP 501, 405, NotImplemented), which trying again will not change.
     */
    public enum Kind { UNREACHABLE, AUTH, NO_CREDENTIALS, NO_BUCKET, NOT_FOUND, NOT_SUPPORTED, THROTTLED, HTTP, TIMEOUT,
        CLIENT }

    private final Kind kind;
    private final String errorClass;
    private final String key;
    private final int hiddenRetries;

    public StoreException(Kind kind, String errorClass, String message, Throwable cause) {
        this(kind, errorClass, message, cause, null, 0);
    }

    private StoreException(Kind kind, String errorClass, String message, Throwable cause, String key,
                           int hiddenRetries) {
        super(message, cause, false, false);
        this.kind = kind;
        this.errorClass = errorClass;
        this.key = key;
        this.hiddenRetries = hiddenRetries;
    }

    /** A request that ran out of time, of class {@code errorClass}, on {@code key} (may be null). */
    public static StoreException timeout(String errorClass, String key) {
        return new StoreException(Kind.TIMEOUT, errorClass, errorClass, null, key, 0);
    }

    /**
     * An operation cut short because the run was stopping (Ctrl-C, SIGTERM): not the storage's failure, and not
     * retried.
     */
    public static StoreException stopped(String key) {
        return new StoreException(Kind.CLIENT, STOPPED, STOPPED, null, key, 0);
    }

    /** The class of operations the run's stop interrupted. */
    public static final String STOPPED = "interrupted: run stopped";

    /** This failure, noting the object key it happened on (an example in the report). */
    public StoreException withKey(String objectKey) {
        return new StoreException(kind, errorClass, getMessage(), getCause(), objectKey, hiddenRetries);
    }

    /**
     * This failure, after {@code retries} attempts the client library made on its own before giving up (the CRT,
     * which cannot be told to make none), each to be counted as a retry.
     */
    public StoreException withHiddenRetries(int retries) {
        return new StoreException(kind, errorClass, getMessage(), getCause(), key, retries);
    }

    /**
     * What the server (or the client library) said beyond the error class — "Please reduce your request rate.",
     * "No writable volumes" — or "" when nothing: for the report's first message of each class.
     */
    public String detail() {
        String message = String.valueOf(getMessage());
        int at = message.indexOf(errorClass + ": ");
        return at < 0 ? "" : message.substring(at + errorClass.length() + 2).strip();
    }

    /** Attempts the client library repeated on its own before this failure. */
    public int hiddenRetries() {
        return hiddenRetries;
    }

    /** The object key the failed request named, or null. */
    public String key() {
        return key;
    }

    /**
     * Whether trying again may succeed: throttling, timeouts, refused or reset connections, a truncated body, a
     * 5xx answer but 501 Not Implemented. Not: 4xx answers (auth, not found), bad requests, requests the server does
     * not implement, client-side errors.
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
