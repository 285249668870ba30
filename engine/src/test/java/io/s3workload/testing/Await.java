package io.s3workload.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waiting for a condition a test makes happen, never for a time: polls every few milliseconds, and gives up only
 * after a bound far beyond any machine's slowness (so that nothing in the suite waits without one).
 */
public final class Await {

    /** How long a test waits for what it made happen before it calls it broken. */
    public static final Duration LIMIT = Duration.ofMinutes(2);

    private Await() {
    }

    /** Waits until {@code condition} holds; false if it did not within {@link #LIMIT} (or the thread was interrupted). */
    public static boolean until(BooleanSupplier condition) {
        long giveUp = System.nanoTime() + LIMIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - giveUp > 0) {
                return false;
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** Waits until {@code condition} holds, or fails the test naming {@code what} it waited for. */
    public static void until(String what, BooleanSupplier condition) {
        if (!until(condition)) {
            throw new AssertionError("waited " + LIMIT.toMinutes() + " min for " + what);
        }
    }
}
