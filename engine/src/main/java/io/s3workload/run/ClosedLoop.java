package io.s3workload.run;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Runs an operation on {@code workers} virtual threads, each starting its next operation as soon as the last one
 * ends, until the operation limit, the deadline or cancellation. Operation numbers are handed out by one atomic
 * counter, so a count-bound loop runs exactly {@code operationLimit} operations.
 */
final class ClosedLoop {

    static final long UNBOUNDED = Long.MAX_VALUE;

    private ClosedLoop() {
    }

    /** What a loop runs: how many workers, until when, with which clients, and the seed of their randomness. */
    record Spec(String name, int workers, long operationLimit, long deadlineNanos, Clients.Lease clients, long seed) {
    }

    /** Runs the loop; returns how many operations were started. */
    static long run(Spec spec, BooleanSupplier cancelled, CellRecorder recorder, Operation operation) {
        AtomicLong next = new AtomicLong();
        try (ExecutorService threads =
                     Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(spec.name() + "-", 0).factory())) {
            for (int w = 0; w < spec.workers(); w++) {
                long workerSeed = spec.seed() * 31 + w;
                threads.execute(() -> work(spec, workerSeed, next, cancelled, recorder, operation));
            }
        }
        return Math.min(next.get(), spec.operationLimit());
    }

    private static void work(Spec spec, long seed, AtomicLong next, BooleanSupplier cancelled, CellRecorder recorder,
                             Operation operation) {
        ObjectStore store = spec.clients().acquire();
        try {
            WorkerState state = new WorkerState(store, seed);
            while (!cancelled.getAsBoolean() && System.nanoTime() - spec.deadlineNanos() < 0) {
                long index = next.getAndIncrement();
                if (index >= spec.operationLimit()) {
                    return;
                }
                try {
                    operation.run(index, state, recorder);
                } catch (StoreException e) {
                    recorder.failure(e.errorClass());
                } catch (RuntimeException e) {
                    recorder.failure("client error: " + e.getClass().getSimpleName());
                }
            }
        } finally {
            spec.clients().release(store);
        }
    }
}
