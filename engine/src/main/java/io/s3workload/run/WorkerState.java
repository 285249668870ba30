package io.s3workload.run;

import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ReadTiming;
import java.util.SplittableRandom;

/**
 * What one worker reuses across its operations: its client, read buffers and timing holders (one per parallel
 * range, made on first use), and a seeded random source. Never shared between workers.
 */
final class WorkerState {

    static final int READ_BUFFER_BYTES = 256 * 1024;

    private final ObjectStore store;
    private final SplittableRandom random;
    private final byte[] readBuffer = new byte[READ_BUFFER_BYTES];
    private final ReadTiming timing = new ReadTiming();
    private byte[][] rangeBuffers = new byte[0][];
    private ReadTiming[] rangeTimings = new ReadTiming[0];

    WorkerState(ObjectStore store, long seed) {
        this.store = store;
        this.random = new SplittableRandom(seed);
    }

    ObjectStore store() {
        return store;
    }

    SplittableRandom random() {
        return random;
    }

    byte[] readBuffer() {
        return readBuffer;
    }

    ReadTiming timing() {
        return timing;
    }

    /** Buffer for parallel range slot {@code slot}. */
    byte[] rangeBuffer(int slot) {
        ensureSlots(slot + 1);
        return rangeBuffers[slot];
    }

    ReadTiming rangeTiming(int slot) {
        ensureSlots(slot + 1);
        return rangeTimings[slot];
    }

    private void ensureSlots(int slots) {
        if (rangeBuffers.length >= slots) {
            return;
        }
        byte[][] buffers = java.util.Arrays.copyOf(rangeBuffers, slots);
        ReadTiming[] timings = java.util.Arrays.copyOf(rangeTimings, slots);
        for (int i = rangeBuffers.length; i < slots; i++) {
            buffers[i] = new byte[READ_BUFFER_BYTES];
            timings[i] = new ReadTiming();
        }
        rangeBuffers = buffers;
        rangeTimings = timings;
    }
}
