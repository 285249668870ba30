package io.s3workload.s3.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The read timeout of body reads made straight from a socket channel into a direct buffer (which, unlike the
 * socket's stream, know no {@code SO_TIMEOUT}): one daemon thread looks at the connections in such a read every
 * {@value #PERIOD_MILLIS} ms and closes any whose deadline has passed, which ends the read; the connection then
 * reports a read timeout. So a timeout fires up to {@value #PERIOD_MILLIS} ms late, and a read costs a clock read
 * and two volatile writes.
 */
final class ReadDeadlines {

    static final long PERIOD_MILLIS = 50;
    private static final Set<Http1Connection> READING = ConcurrentHashMap.newKeySet();

    private ReadDeadlines() {
    }

    /** Watches {@code connection} until {@link #forget}: its deadline is checked while it reads. */
    static void watch(Http1Connection connection) {
        Watcher.START.hashCode(); // starts the thread, once
        READING.add(connection);
    }

    static void forget(Http1Connection connection) {
        READING.remove(connection);
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
                for (Http1Connection c : READING) {
                    c.expireIfDue(now);
                }
            }
        }
    }
}
