package io.s3workload.s3.http;

import java.io.EOFException;

/** The connection ended in the middle of a response body: a truncated body, not a refused request. */
public final class BodyEndedEarly extends EOFException {
    BodyEndedEarly(String message) {
        super(message);
    }
}
