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
        STALL_BODY, WRONG_ETAG,
        /** The request reaches the server (a PUT is stored), then the connection is reset before the answer. */
        LOST_RESPONSE,
        /** The request is sent to the server twice, as a proxy that retries would; the client gets the last answer. */
        DUPLICATE
    }

    /**
     * Requests whose method and path match get {@code fault} with {@code probability} (0..1); or, for a rule made
     * by {@link #every}, on a fixed schedule over the requests whose method and target (path and query) match.
     */
    public record Rule(String method, Pattern path, double probability, Fault fault, long every, long from,
                       long most) {

        public static Rule of(String method, String pathRegex, double probability, Fault fault) {
            return new Rule(method, Pattern.compile(pathRegex), probability, fault, 0, 0, 0);
        }

        /**
         * The {@code from}-th matching request (1-based), then every {@code every}-th after it, at most
         * {@code most} times (0: no limit); {@code targetRegex} is matched against the whole target, query too.
         */
        public static Rule every(String method, String targetRegex, long every, long from, long most, Fault fault) {
            return new Rule(method, Pattern.compile(targetRegex), Double.NaN, fault, every, from, most);
        }

        boolean scheduled() {
            return every > 0;
        }

        boolean matches(HttpFront.Request request) {
            return request.method().equals(method)
                    && path.matcher(scheduled() ? request.target() : request.path()).matches();
        }

        /** Whether the {@code n}-th matching request (1-based) gets the fault, given {@code injected} so far. */
        boolean due(long n, long injected) {
            return n >= from && (n - from) % every == 0 && (most == 0 || injected < most);
        }

        @Override
        public String toString() {
            return method + " " + path + " " + fault + (scheduled() ? " every " + every + " from " + from
                    + (most > 0 ? " at most " + most : "") : " p=" + probability);
        }
    }

    private final List<Rule> rules;
    private final Duration stall;
    private final SplittableRandom random;
    private final Map<Fault, AtomicLong> injected = new EnumMap<>(Fault.class);
    private final AtomicLong[] matched;
    private final AtomicLong[] injectedByRule;
    private final ThreadLocal<Fault> pending = new ThreadLocal<>();

    /** @param stall how long a stalled response waits */
    public Faults(long seed, Duration stall, Rule... rules) {
        this.rules = List.of(rules);
        this.stall = stall;
        this.random = new SplittableRandom(seed);
        for (Fault f : Fault.values()) {
            injected.put(f, new AtomicLong());
        }
        matched = new AtomicLong[rules.length];
        injectedByRule = new AtomicLong[rules.length];
        for (int i = 0; i < rules.length; i++) {
            matched[i] = new AtomicLong();
            injectedByRule[i] = new AtomicLong();
        }
    }

    public List<Rule> rules() {
        return rules;
    }

    /** How many requests rule {@code index} matched, and how many of them got its fault. */
    public long matched(int index) {
        return matched[index].get();
    }

    public long injectedBy(int index) {
        return injectedByRule[index].get();
    }

    /** How many times {@code fault} was injected so far. */
    public long injected(Fault fault) {
        return injected.get(fault).get();
    }

    private Fault draw(HttpFront.Request request) {
        if (rules.stream().anyMatch(Rule::scheduled)) {
            return drawScheduled(request);
        }
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

    /**
     * Scheduled rules: every rule that matches counts the request; the first whose schedule falls on it injects
     * its fault (a rule whose turn it also was does not, and does not count it).
     */
    private synchronized Fault drawScheduled(HttpFront.Request request) {
        Fault chosen = null;
        for (int i = 0; i < rules.size(); i++) {
            Rule rule = rules.get(i);
            if (!rule.matches(request)) {
                continue;
            }
            long n = matched[i].incrementAndGet();
            if (chosen == null && rule.due(n, injectedByRule[i].get())) {
                injectedByRule[i].incrementAndGet();
                injected.get(rule.fault()).incrementAndGet();
                chosen = rule.fault();
            }
        }
        return chosen;
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

    /** Whether this thread's current request has a fault put on it (between {@link #before} and {@link #after}). */
    public boolean injectedNow() {
        return pending.get() != null;
    }

    @Override
    public int sendTimes(HttpFront.Request request) {
        return pending.get() == Fault.DUPLICATE ? 2 : 1;
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
            case LOST_RESPONSE -> upstream.delivered(HttpFront.Delivery.RESET_BEFORE_HEADERS, Duration.ZERO);
            default -> upstream;
        };
    }
}
