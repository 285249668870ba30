package io.s3workload.run.loop;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.RequestTrace;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ParallelRanges;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Moves one object, as one request or as several in parallel: multipart uploads (parts streamed from the payload,
 * or copied on the server, the upload aborted on any failure) and parallel ranged reads. Sub-requests run on their
 * own virtual threads.
 */
public final class Transfers {

    private Transfers() {
    }

    /**
     * Uploads {@code body} to {@code key} with what {@code write} adds, in parts when {@code multipart} applies;
     * returns the ETag.
     */
    public static String put(ObjectStore store, String key, Payload.Body body, Multipart multipart, ObjectWrite write) {
        return put(store, key, body, multipart, write, null);
    }

    /**
     * As {@link #put(ObjectStore, String, Payload.Body, Multipart, ObjectWrite)}, each part of a multipart upload
     * also measured into {@code parts} (null: not), on the thread that sends it.
     */
    public static String put(ObjectStore store, String key, Payload.Body body, Multipart multipart, ObjectWrite write,
                      CellRecorder partCell) {
        if (!multipart.applies(body.length())) {
            return store.put(key, body, write);
        }
        // where each part's time went, from the trace of the thread that sent it; handed to the operation's trace
        // once all parts are in (a part of a failed upload still running never writes into another operation's)
        int count = multipart.parts(body.length());
        long[] sends = new long[count];
        long[] commits = new long[count];
        Arrays.fill(commits, -1);
        String etag = inParts(store, key, body.length(), multipart, write, (uploadId, part, start, length) -> {
            Payload.Body slice = body.slice(start, length);
            Map<String, String> checksum = write.checksumHeaders(slice);
            long t0 = System.nanoTime();
            String partEtag;
            try {
                partEtag = store.multipart().uploadPart(key, uploadId, part, slice, checksum);
            } catch (StoreException e) {
                if (partCell != null) {
                    partCell.failure(e.errorClass(), key + " part " + part);
                }
                throw e;
            }
            RequestTrace sent = RequestTrace.current();
            sends[part - 1] = sent.sendNanos();
            commits[part - 1] = sent.sendNanos() >= 0 ? sent.commitNanos() : -1;
            if (partCell != null) {
                partCell.success(System.nanoTime() - t0, length);
                if (commits[part - 1] >= 0) {
                    partCell.writeSplit(sends[part - 1], commits[part - 1]);
                }
            }
            return new ObjectStore.Part(partEtag, checksum);
        });
        RequestTrace operation = RequestTrace.current();
        for (int i = 0; i < count; i++) {
            if (commits[i] >= 0) {
                operation.addSplit(sends[i], commits[i]);
            }
        }
        return etag;
    }

    /**
     * Copies {@code sourceKey} ({@code length} bytes) to {@code key} on the server: one CopyObject, or parts copied
     * with UploadPartCopy in parallel when {@code multipart} applies; returns the ETag.
     */
    public static String copy(ObjectStore store, String sourceKey, String key, long length, Multipart multipart) {
        if (!multipart.applies(length)) {
            return store.copy(sourceKey, key);
        }
        return inParts(store, key, length, multipart, ObjectWrite.NONE, (uploadId, part, start, partLength) ->
                new ObjectStore.Part(store.multipart().uploadPartCopy(key, uploadId, part, sourceKey, start, partLength),
                        Map.of()));
    }

    /** Writes one part of a multipart upload. */
    @FunctionalInterface
    private interface PartWriter {
        ObjectStore.Part write(String uploadId, int partNumber, long start, long length);
    }

    /** A multipart upload of {@code length} bytes, its parts written in parallel; aborted on any failure. */
    private static String inParts(ObjectStore store, String key, long length, Multipart multipart,
                                  ObjectWrite write, PartWriter writer) {
        String uploadId = store.multipart().createMultipart(key, write);
        try {
            int parts = multipart.parts(length);
            long partBytes = multipart.partSize().bytes();
            ObjectStore.Part[] done = new ObjectStore.Part[parts];
            inParallel(Math.min(multipart.parallel(), parts), parts, (slot, part) -> {
                long start = part * partBytes;
                done[part] = writer.write(uploadId, part + 1, start, Math.min(partBytes, length - start));
            });
            return store.multipart().completeMultipart(key, uploadId, Arrays.asList(done), write.condition());
        } catch (RuntimeException e) {
            try {
                store.multipart().abortMultipart(key, uploadId);
            } catch (StoreException abortFailed) {
                e.addSuppressed(abortFailed);
            }
            throw e;
        }
    }

    /**
     * Reads {@code key} ({@code length} bytes), as parallel ranges when {@code ranges} applies. The worker's
     * {@link ReadTiming} then holds the first byte of the first range, the total bytes, and the first mismatch
     * against {@code expected} (null: not verified) at its offset in the object.
     */
    public static void get(ObjectStore store, String key, long length, ParallelRanges ranges, WorkerState worker,
                    Payload.Body expected) {
        ReadTiming timing = worker.timing();
        if (!ranges.applies(length)) {
            timing.expect(expected);
            store.get(key, worker.readBuffer(), timing);
            return;
        }
        int count = ranges.ranges(length);
        int threads = Math.min(ranges.parallel(), count);
        long chunk = ranges.chunk().bytes();
        long[] firstByte = new long[1];
        long[] slotBytes = new long[threads];
        long[] slotMismatch = new long[threads];
        Arrays.fill(slotMismatch, Long.MAX_VALUE);
        worker.prepareRanges(threads);
        inParallel(threads, count, (slot, range) -> {
            long start = range * chunk;
            long rangeLength = Math.min(chunk, length - start);
            ReadTiming t = worker.rangeTiming(slot);
            t.expect(expected == null ? null : expected.slice(start, rangeLength));
            store.getRange(key, start, rangeLength, worker.rangeBuffer(slot), t);
            slotBytes[slot] += t.bytes();
            if (t.mismatchAt() >= 0) {
                slotMismatch[slot] = Math.min(slotMismatch[slot], start + t.mismatchAt());
            }
            if (range == 0) {
                firstByte[0] = t.firstByteNanos();
            }
        });
        long mismatch = Arrays.stream(slotMismatch).min().orElse(Long.MAX_VALUE);
        timing.set(firstByte[0], Arrays.stream(slotBytes).sum(), mismatch == Long.MAX_VALUE ? -1 : mismatch);
    }

    /** Work item {@code index} of a parallel transfer, run on thread {@code slot}. */
    @FunctionalInterface
    interface Step {
        void run(int slot, int index);
    }

    /**
     * Runs items {@code 0..count-1} on {@code threads} virtual threads; stops at and rethrows the first failure.
     * Interrupting the caller interrupts them all.
     * Each slot's thread is the only writer of that slot's state, and joining makes it visible to the caller.
     */
    static void inParallel(int threads, int count, Step step) {
        AtomicInteger next = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        List<Thread> running = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            int slot = t;
            running.add(Thread.ofVirtual().start(() -> {
                int index;
                while (failure.get() == null && (index = next.getAndIncrement()) < count) {
                    try {
                        step.run(slot, index);
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                    }
                }
            }));
        }
        for (Thread thread : running) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                // the watchdog or the run's stop: the parts' requests end with their threads' interrupts
                running.forEach(Thread::interrupt);
                for (Thread part : running) {
                    try {
                        part.join(Duration.ofSeconds(1));
                    } catch (InterruptedException again) {
                        break;
                    }
                }
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a transfer", e);
            }
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }
}
