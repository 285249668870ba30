package io.s3workload.testing;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A store of known capacity, in front of a real S3 server: object requests pass one at a time through a single queue
 * that admits {@code perSecond} of them a second, and each then takes {@code service} more before it is forwarded.
 * Below capacity a request waits only its service time; above it the queue, and so latency, grows without bound for
 * as long as the load lasts. Bucket requests (the tool's own checks) pass at once.
 */
public final class KnownCapacity implements HttpFront.Interceptor {

    private final long intervalNanos;
    private final long serviceNanos;
    private final AtomicLong admitted = new AtomicLong();
    private long nextSlot;

    public KnownCapacity(double perSecond, Duration service) {
        this.intervalNanos = Math.round(1e9 / perSecond);
        this.serviceNanos = service.toNanos();
    }

    @Override
    public HttpFront.Response before(HttpFront.Request request) {
        if (request.key().isEmpty()) {
            return null;
        }
        long slot;
        synchronized (this) {
            slot = Math.max(System.nanoTime(), nextSlot);
            nextSlot = slot + intervalNanos;
        }
        admitted.incrementAndGet();
        long until = slot + serviceNanos;
        try {
            for (long left = until - System.nanoTime(); left > 0; left = until - System.nanoTime()) {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /** Object requests admitted so far. */
    public long admitted() {
        return admitted.get();
    }
}
