package io.s3workload.run;

import io.s3workload.s3.ReadTiming;

/** What one worker reuses across its operations: a read buffer and a timing holder. Never shared. */
final class WorkerState {

    static final int READ_BUFFER_BYTES = 256 * 1024;

    private final byte[] readBuffer = new byte[READ_BUFFER_BYTES];
    private final ReadTiming timing = new ReadTiming();

    byte[] readBuffer() {
        return readBuffer;
    }

    ReadTiming timing() {
        return timing;
    }
}
