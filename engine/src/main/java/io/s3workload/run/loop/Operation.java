package io.s3workload.run.loop;

/**
 * One operation of a closed loop: does request number {@code index} and records its success. A failure is
 * thrown as a {@link io.s3workload.s3.StoreException}; the loop counts it by class and goes on.
 */
@FunctionalInterface
public interface Operation {

    void run(long index, WorkerState worker, OpRecorder recorder);
}
