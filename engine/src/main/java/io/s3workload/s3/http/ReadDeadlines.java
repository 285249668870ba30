package io.s3workload.s3.http;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The read timeout of a plain connection's reads. Its socket has no {@code SO_TIMEOUT}: a JDK socket read with a
 * timeout switches the socket to non-blocking and back and polls (four {@code fcntl}, a {@code read} that finds
 * nothing and a {@code poll} each time, on a platform thread), and on a virtual thread parks with a deadline, which
 * wakes the carrier pool's delay scheduler once per read; an untimed read is one {@code read}, or a park without a
 * deadline. Instead one daemon thread looks at the connections in a read every {@value #PERIOD_MILLIS} ms and
 * closes any whose deadline has passed, which ends the read; the connection then reports a read timeout. So a
 * timeout fires up to {@value #PERIOD_MILLIS} ms late, and a read costs a clock read and two volatile writes. Over
 * TLS the socket's own timeout is kept.
 */
final class ReadDeadlines {

    static final long PERIOD_MILLIS = 50;
    private static final Set<Deadline> READING = ConcurrentHashMap.newKeySet();

    private ReadDeadlines() {
    }

    /** A connection's read deadline: set before each read, cleared after; past it the watcher closes the connection. */
    static final class Deadline {
        private final Http1Connection connection;
        private final long timeoutNanos;
        /** While a read waits: when it times out; else 0. */
        private volatile long dueNanos;
        private volatile boolean expired;
        private boolean watched;

        Deadline(Http1Connection connection, int timeoutMillis) {
            this.connection = connection;
            this.timeoutNanos = Math.max(0, timeoutMillis) * 1_000_000L;
        }

        /** Starts the deadline of a read about to begin (none without a timeout). */
        void arm() {
            if (timeoutNanos > 0) {
                if (!watched) {
                    watched = true;
                    Watcher.START.hashCode(); // starts the thread, once
                    READING.add(this);
                }
                dueNanos = System.nanoTime() + timeoutNanos;
            }
        }

        void clear() {
            dueNanos = 0;
        }

        /** What a read that failed with {@code e} reports: a read timeout when its deadline closed the connection. */
        IOException failure(IOException e) {
            return expired ? new SocketTimeoutException("Read timed out") : e;
        }

        /** Stops watching (the connection is closing). */
        void forget() {
            if (watched) {
                READING.remove(this);
            }
        }

        private void expireIfDue(long nowNanos) {
            long due = dueNanos;
            if (due != 0 && nowNanos - due >= 0) {
                expired = true;
                connection.close();
            }
        }
    }

    /** Holds the thread, started on first use. */
    private static final class Watcher {
        static final Thread START = Thread.ofPlatform().daemon().name("s3workload-read-deadlines")
                .start(Watcher::run);

        private static void run() {
            while (true) {
                try {
                    Thread.sleep(PERIOD_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
                long now = System.nanoTime();
                for (Deadline d : READING) {
                    d.expireIfDue(now);
                }
            }
        }
    }
}
