package io.s3workload.testing;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * A fault-injecting {@link HttpFront.Interceptor}: per request pattern (method and path) and probability, it answers
 * 503 SlowDown, 500 or 403 itself; resets the connection before the response or in the middle of its body; stalls
 * the headers or the body; sends a body cut short of its Content-Length; or replaces the ETag. It counts what it
 * injected, so a test can check that the report accounts for every fault.
 */
public final class Faults implements HttpFront.Interceptor {

    public enum Fault {
        SLOW_DOWN, INTERNAL_ERROR, FORBIDDEN, RESET_BEFORE_RESPONSE, RESET_MID_BODY, TRUNCATED_BODY, STALL_HEADERS,
        STALL_BODY, WRONG_ETAG
    }

    /** Requests whose method and path match get {@code fault} with {@code probability} (0..1). */
    public record Rule(String method, Pattern path, double probability, Fault fault) {

        public static Rule of(String method, String pathRegex, double probability, Fault fault) {
            return new Rule(method, Pattern.compile(pathRegex), probability, fault);
        }

        boolean matches(HttpFront.Request request) {
            return request.method().equals(method) && path.matcher(request.path()).matches();
        }
    }

    private final List<Rule> rules;
    private final Duration stall;
    private final SplittableRandom random;
    private final Map<Fault, AtomicLong> injected = new EnumMap<>(Fault.class);
    private final ThreadLocal<Fault> pending = new ThreadLocal<>();

    /** @param stall how long a stalled response waits */
    public Faults(long seed, Duration stall, Rule... rules) {
        this.rules = List.of(rules);
        this.stall = stall;
        this.random = new SplittableRandom(seed);
        for (Fault f : Fault.values()) {
            injected.put(f, new AtomicLong());
        }
    }

    /** How many times {@code fault} was injected so far. */
    public long injected(Fault fault) {
        return injected.get(fault).get();
    }

    private Fault draw(HttpFront.Request request) {
        for (Rule rule : rules) {
            if (rule.matches(request)) {
                double roll;
                synchronized (random) {
                    roll = random.nextDouble();
                }
                if (roll < rule.probability()) {
                    injected.get(rule.fault()).incrementAndGet();
                    return rule.fault();
                }
                return null;
            }
        }
        return null;
    }

    @Override
    public HttpFront.Response before(HttpFront.Request request) {
        Fault fault = draw(request);
        pending.set(fault);
        if (fault == null) {
            return null;
        }
        return switch (fault) {
            case SLOW_DOWN -> HttpFront.Response.error(503, "Slow Down", "SlowDown", "Please reduce your request rate.");
            case INTERNAL_ERROR -> HttpFront.Response.error(500, "Internal Server Error", "InternalError",
                    "We encountered an internal error. Please try again.");
            case FORBIDDEN -> HttpFront.Response.error(403, "Forbidden", "AccessDenied", "Access Denied");
            case RESET_BEFORE_RESPONSE -> HttpFront.Response.error(500, "", "", "")
                    .delivered(HttpFront.Delivery.RESET_BEFORE_HEADERS, Duration.ZERO);
            default -> null;
        };
    }

    @Override
    public HttpFront.Response after(HttpFront.Request request, HttpFront.Response upstream) {
        Fault fault = pending.get();
        pending.remove();
        if (fault == null) {
            return upstream;
        }
        return switch (fault) {
            case RESET_MID_BODY -> upstream.delivered(HttpFront.Delivery.RESET_MID_BODY, Duration.ZERO);
            case TRUNCATED_BODY -> upstream.delivered(HttpFront.Delivery.TRUNCATED_BODY, Duration.ZERO);
            case STALL_HEADERS -> upstream.delivered(HttpFront.Delivery.STALL_HEADERS, stall);
            case STALL_BODY -> upstream.delivered(HttpFront.Delivery.STALL_BODY, stall);
            case WRONG_ETAG -> upstream.withHeader("ETag", "\"00000000000000000000000000000000\"");
            default -> upstream;
        };
    }
}
