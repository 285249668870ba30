package io.s3workload.run.loop;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Enforces {@code timeouts.total}: a thread that looks at every worker's current operation a few times per limit
 * and interrupts the worker whose operation has run past its deadline. A virtual thread blocked in socket I/O is
 * woken by an interrupt (its socket is closed), whatever the client library is doing, so no request outlives its
 * limit by more than a tick. The handshake is lock-free: one compare-and-set to start and to end an operation.
 */
final class Watchdog implements AutoCloseable {

    private static final int IDLE = 0;
    private static final int RUNNING = 1;
    private static final int FIRING = 2;
    private static final int FIRED = 3;
    private static final long MIN_TICK_NANOS = 1_000_000;
    private static final long MAX_TICK_NANOS = 50_000_000;

    /** One worker's watch: its thread, and its current operation's deadline. */
    static final class Slot {
        private final Thread thread = Thread.currentThread();
        private final AtomicInteger state = new AtomicInteger(IDLE);
        private volatile long deadline;
    }

    private final long limitNanos;
    private final long tickNanos;
    private final List<Slot> slots = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean closed;

    Watchdog(long limitNanos) {
        this.limitNanos = limitNanos;
        this.tickNanos = Math.max(MIN_TICK_NANOS, Math.min(MAX_TICK_NANOS, limitNanos / 10));
        this.thread = Thread.ofPlatform().daemon().name("s3workload-watchdog").start(this::watch);
    }

    long limitNanos() {
        return limitNanos;
    }

    /** The calling worker's slot; call once per worker, from its own thread. */
    Slot register() {
        Slot slot = new Slot();
        slots.add(slot);
        return slot;
    }

    /** The worker starts an operation that must end within the limit. */
    void arm(Slot slot) {
        slot.deadline = System.nanoTime() + limitNanos;
        slot.state.set(RUNNING);
    }

    /**
     * The worker's operation has ended; true if the watchdog interrupted it (the interrupt is then cleared, so it
     * does not leak into the next operation).
     */
    boolean disarm(Slot slot) {
        if (slot.state.compareAndSet(RUNNING, IDLE)) {
            return false;
        }
        while (slot.state.get() != FIRED) {
            Thread.onSpinWait();
        }
        Thread.interrupted();
        slot.state.set(IDLE);
        return true;
    }

    private void watch() {
        while (!closed) {
            LockSupport.parkNanos(tickNanos);
            long now = System.nanoTime();
            for (Slot slot : slots) {
                if (slot.state.get() == RUNNING && now - slot.deadline >= 0
                        && slot.state.compareAndSet(RUNNING, FIRING)) {
                    slot.thread.interrupt();
                    slot.state.set(FIRED);
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
