package io.s3workload.run;

import io.s3workload.metrics.CellRecorder;
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

    /** Runs the loop; returns how many operations were started. */
    static long run(String name, int workers, long operationLimit, long deadlineNanos, BooleanSupplier cancelled,
                    CellRecorder recorder, Operation operation) {
        AtomicLong next = new AtomicLong();
        try (ExecutorService threads =
                     Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(name + "-", 0).factory())) {
            for (int w = 0; w < workers; w++) {
                threads.execute(() -> work(next, operationLimit, deadlineNanos, cancelled, recorder, operation));
            }
        }
        return Math.min(next.get(), operationLimit);
    }

    private static void work(AtomicLong next, long limit, long deadlineNanos, BooleanSupplier cancelled,
                             CellRecorder recorder, Operation operation) {
        WorkerState state = new WorkerState();
        while (!cancelled.getAsBoolean() && System.nanoTime() - deadlineNanos < 0) {
            long index = next.getAndIncrement();
            if (index >= limit) {
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
    }
}
