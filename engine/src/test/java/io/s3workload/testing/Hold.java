package io.s3workload.testing;

import java.time.Duration;
import java.util.function.Predicate;

/**
 * A front's interceptor that holds requests for a time before passing them on: a store made slow on purpose, so
 * that a test that needs a slow store has one whatever the machine's speed (each PUT 300 ms, every request 2 ms).
 */
public final class Hold implements HttpFront.Interceptor {

    private final String method;
    private final Duration hold;
    private final Predicate<String> keys;

    private Hold(String method, Duration hold, Predicate<String> keys) {
        this.method = method;
        this.hold = hold;
        this.keys = keys;
    }

    /** Holds each object request (one naming a key) of {@code method} for {@code hold}. */
    public static Hold each(String method, Duration hold) {
        return new Hold(method, hold, key -> true);
    }

    /** Holds every request, whatever it asks, for {@code hold}. */
    public static Hold every(Duration hold) {
        return new Hold(null, hold, null);
    }

    /** This hold, for the object requests whose key {@code keys} accepts alone. */
    public Hold whereKey(Predicate<String> accepted) {
        return new Hold(method, hold, accepted);
    }

    @Override
    public HttpFront.Response before(HttpFront.Request request) {
        boolean held = method == null || (request.method().equals(method) && request.key().isPresent()
                && keys.test(request.key().get()));
        if (held) {
            try {
                Thread.sleep(hold);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return null;
    }
}
