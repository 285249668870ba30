package io.s3workload.s3.http;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The read timeout of a plain connection's reads. Its socket has no {@code SO_TIMEOUT}: a JDK socket read with a
 * timeout switches the socket to non-blocking and back and polls (four {@code fcntl}, a {@code read} that finds
 * nothing and a {@code poll} each time, on a platform thread), and on a virtual thread parks with a deadline, which
 * wakes the carrier pool's delay scheduler once per read; an untimed read is one {@code read}, or a park without a
 * deadline. Instead one daemon thread closes any connection whose read is past its deadline, which ends the read;
 * the connection then reports a read timeout. The thread sleeps until the earliest deadline of the reads under way
 * (a read due sooner than that, as one with a shorter timeout may be, wakes it), so with reads far shorter than their
 * timeout it wakes about once a timeout, not 20 times a second as it did when it looked every 50 ms (0.012 ms of
 * CPU a MiB of PUT 10 MiB at 64 workers, ~3% of the client's). A timeout fires up to {@value #SLACK_MILLIS} ms late,
 * and a read costs a clock read, a volatile read and two volatile writes. Over TLS the socket's own timeout is kept.
 */
final class ReadDeadlines {

    /** The watcher's shortest sleep: how late a timeout may fire. */
    static final long SLACK_MILLIS = 1;
    /** The watcher's longest sleep, with no connection watched. */
    private static final long IDLE_NANOS = 60_000_000_000L;
    private static final Set<Deadline> READING = ConcurrentHashMap.newKeySet();
    /**
     * When the watcher will look next; {@link Long#MAX_VALUE} while it looks (so that a read armed meanwhile, which
     * it may have passed over, wakes it to look again).
     */
    private static volatile long nextLookNanos = Long.MAX_VALUE;

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
                    READING.add(this);
                }
                long due = System.nanoTime() + timeoutNanos;
                dueNanos = due;
                if (due < nextLookNanos) { // rare: a shorter timeout, or the first read after a quiet spell
                    LockSupport.unpark(Watcher.THREAD);
                }
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

        /** Closes the connection if its read is past its deadline; else when that read is due (0: none). */
        private long expireIfDue(long nowNanos) {
            long due = dueNanos;
            if (due == 0 || expired) {
                return 0;
            }
            if (nowNanos - due >= 0) {
                expired = true;
                connection.close();
                return 0;
            }
            return due;
        }
    }

    /** Holds the thread, started on first use. */
    private static final class Watcher {
        static final Thread THREAD = Thread.ofPlatform().daemon().name("s3workload-read-deadlines")
                .start(Watcher::run);

        private static void run() {
            while (true) {
                nextLookNanos = Long.MAX_VALUE;
                long now = System.nanoTime();
                long next = now + IDLE_NANOS;
                for (Deadline d : READING) {
                    long due = d.expireIfDue(now);
                    if (due != 0 && due < next) {
                        next = due;
                    }
                }
                next = Math.max(next, now + SLACK_MILLIS * 1_000_000L);
                nextLookNanos = next;
                LockSupport.parkNanos(next - System.nanoTime());
            }
        }
    }
}
