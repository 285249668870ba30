package io.s3workload.run;

/** The run could not start: an endpoint is unreachable, refuses the credentials, or lacks the bucket. */
public final class EndpointUnavailableException extends Exception {

    public EndpointUnavailableException(String message) {
        super(message, null, false, false);
    }
}
