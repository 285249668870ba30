package io.s3workload.run.loop;

import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.data.ReadTiming;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * What one worker reuses across its operations: its client, read buffers and timing holders (one per parallel
 * range), and a seeded random source. Buffers are made on first use, no larger than the objects the loop reads
 * (so ten thousand workers reading small objects do not hold ten thousand 256 KiB buffers). Never shared between
 * workers.
 */
public final class WorkerState {

    public static final int READ_BUFFER_BYTES = 256 * 1024;

    private final ObjectStore store;
    private final SplittableRandom random;
    private final int bufferBytes;
    private byte[] readBuffer;
    private final ReadTiming timing = new ReadTiming();
    private byte[][] rangeBuffers = new byte[0][];
    private ReadTiming[] rangeTimings = new ReadTiming[0];
    private final int index;
    private Object local;

    public WorkerState(ObjectStore store, long seed, int index) {
        this(store, seed, index, READ_BUFFER_BYTES);
    }

    /** @param bufferBytes the read buffer size: the largest object or range read, capped at 256 KiB */
    public WorkerState(ObjectStore store, long seed, int index, int bufferBytes) {
        this.store = store;
        this.random = new SplittableRandom(seed);
        this.index = index;
        this.bufferBytes = Math.max(1, Math.min(bufferBytes, READ_BUFFER_BYTES));
    }

    /** The read buffer size for a loop whose reads are at most {@code largestRead} bytes. */
    public static int bufferFor(long largestRead) {
        return (int) Math.min(READ_BUFFER_BYTES, Math.max(4096, largestRead + 1));
    }

    /** This worker's number in its loop, from 0. */
    public int index() {
        return index;
    }

    /** State of the stage's own this worker keeps across operations, made by {@code init} on first use. */
    @SuppressWarnings("unchecked")
    public <T> T local(Supplier<T> init) {
        if (local == null) {
            local = init.get();
        }
        return (T) local;
    }

    public ObjectStore store() {
        return store;
    }

    public SplittableRandom random() {
        return random;
    }

    public byte[] readBuffer() {
        if (readBuffer == null) {
            readBuffer = new byte[bufferBytes];
        }
        return readBuffer;
    }

    public ReadTiming timing() {
        return timing;
    }

    /** Buffer for parallel range slot {@code slot}; {@link #prepareRanges} first. */
    byte[] rangeBuffer(int slot) {
        return rangeBuffers[slot];
    }

    ReadTiming rangeTiming(int slot) {
        return rangeTimings[slot];
    }

    /**
     * Makes the buffers and timings of {@code slots} parallel ranges, before the ranges' threads start: they
     * then only read the arrays, never grow them concurrently.
     */
    void prepareRanges(int slots) {
        ensureSlots(slots);
    }

    private void ensureSlots(int slots) {
        if (rangeBuffers.length >= slots) {
            return;
        }
        byte[][] buffers = Arrays.copyOf(rangeBuffers, slots);
        ReadTiming[] timings = Arrays.copyOf(rangeTimings, slots);
        for (int i = rangeBuffers.length; i < slots; i++) {
            buffers[i] = new byte[bufferBytes];
            timings[i] = new ReadTiming();
        }
        rangeBuffers = buffers;
        rangeTimings = timings;
    }
}
