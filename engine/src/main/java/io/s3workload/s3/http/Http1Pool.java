package io.s3workload.s3.http;

import java.io.IOException;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Keep-alive connections to one host, at most {@code maxConnections} in use at once. A request takes a permit
 * (first come, first served, so that no worker starves when there are fewer connections than workers), then the
 * most recently used idle connection or a new one. Lock-free when connections are plentiful: one CAS on the
 * permits and one on the idle stack.
 */
public final class Http1Pool implements AutoCloseable {

    /** A connection idle for longer than this is checked before use: the server may have closed it meanwhile. */
    private static final long CHECK_AFTER_IDLE_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final String host;
    private final int port;
    private final TlsSockets tls;
    private final HttpProxy proxy;
    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;
    private final int socketBufferBytes;
    private final Semaphore permits;
    private final long acquireTimeoutNanos;
    private final ConcurrentLinkedDeque<Http1Connection> idle = new ConcurrentLinkedDeque<>();
    private volatile boolean closed;

    /**
     * @param tls               how to wrap a connection in TLS, or null for plain HTTP
     * @param proxy             the forward proxy to go through, or null to connect directly
     * @param socketBufferBytes SO_RCVBUF and SO_SNDBUF, or 0 for the system's defaults (which grow by themselves)
     */
    public Http1Pool(String host, int port, TlsSockets tls, HttpProxy proxy, int maxConnections, int connectTimeoutMillis,
                     int readTimeoutMillis, long acquireTimeoutNanos, int socketBufferBytes) {
        this.host = host;
        this.port = port;
        this.tls = tls;
        this.proxy = proxy;
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.readTimeoutMillis = readTimeoutMillis;
        this.socketBufferBytes = socketBufferBytes;
        this.permits = new Semaphore(Math.max(1, maxConnections), true);
        this.acquireTimeoutNanos = acquireTimeoutNanos;
    }

    /**
     * A connection for one request; give it back with {@link #release}. Waiting for a permit counts in the
     * request's latency, as it would for any client with a bounded pool.
     *
     * @param fresh a new connection even if an idle one is there (to retry a request a stale one failed)
     */
    public Http1Connection acquire(boolean fresh) throws IOException, InterruptedException {
        if (!permits.tryAcquire(acquireTimeoutNanos, TimeUnit.NANOSECONDS)) {
            throw new IOException("no connection to " + host + ":" + port + " became free within "
                    + TimeUnit.NANOSECONDS.toSeconds(acquireTimeoutNanos) + " s");
        }
        try {
            Http1Connection c;
            while (!fresh && (c = idle.pollFirst()) != null) {
                if (System.nanoTime() - c.idleSinceNanos() < CHECK_AFTER_IDLE_NANOS || c.stillOpen()) {
                    return c;
                }
                c.close();
            }
            return Http1Dialer.open(host, port, tls, proxy, connectTimeoutMillis, readTimeoutMillis, socketBufferBytes);
        } catch (IOException | RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    /** Gives {@code c} back: kept for the next request when {@code reusable}, else closed. */
    public void release(Http1Connection c, boolean reusable) {
        if (reusable && !closed) {
            c.idleSince(System.nanoTime());
            idle.offerFirst(c);
        } else {
            c.close();
        }
        permits.release();
    }

    @Override
    public void close() {
        closed = true;
        Http1Connection c;
        while ((c = idle.pollFirst()) != null) {
            c.close();
        }
    }
}
