package io.s3workload.kinds.replay;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.run.loop.OpRecorder;
import io.s3workload.run.loop.WorkerState;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import io.s3workload.trace.TraceOp;
import io.s3workload.workload.objects.DataShape;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A replayed operation sent to the store: its request made from the recorded one (the key mapped under the run's
 * prefix, a body of the recorded size, a recorded range, a listing's prefix), its outcome recorded in its cell. A
 * recorded failure (a 404, a 403, a 503) is sent the same way and its outcome compared with the recorded one, not
 * counted as the replay's failure. Multipart uploads are followed by key and recorded upload id: a part waits for
 * its upload to be created, a completion for the upload's parts in flight.
 */
final class ReplayRequests {

    /** How long a part waits for its upload's creation, or a completion for its parts, at most. */
    private static final long WAIT_SECONDS = 60;

    /**
     * A multipart upload as replayed: its id here (once created), the parts uploaded so far, and the parts taken for
     * it not yet ended (a completion waits for those).
     */
    static final class Upload {
        final CompletableFuture<String> id = new CompletableFuture<>();
        final List<ObjectStore.Part> parts = new ArrayList<>();
        final List<Integer> numbers = new ArrayList<>();
        final AtomicLong pending = new AtomicLong();
    }

    private final ReplayKeys keys;
    private final Payload payload;
    private final DataShape data;
    private final Map<TraceOp.Kind, CellRecorder> cells;
    /** Uploads by recorded id, and the uploads created for each key not yet bound to a recorded id (by the taker). */
    private final Map<String, Upload> uploads = new HashMap<>();
    private final Map<String, Deque<Upload>> unbound = new HashMap<>();
    /** Recorded failures by operation and status: count, the same here, another failure here, a success here. */
    private final Map<String, LongAdder[]> outcomes = new ConcurrentHashMap<>();

    ReplayRequests(ReplayKeys keys, Payload payload, DataShape data,
                   Map<TraceOp.Kind, CellRecorder> cells) {
        this.keys = keys;
        this.payload = payload;
        this.data = data;
        this.cells = cells;
    }

    /**
     * {@code op} is taken to be run (in the trace's order, one at a time): a multipart operation is bound to its
     * upload now — a creation makes one for its key, a part, completion or abort finds it by its recorded id, else
     * takes the first upload made for its key not yet named (a creation's log line does not carry the id the store
     * gave it). Returns the upload, or null (not a multipart operation, or one whose upload began before the trace).
     */
    Upload taken(TraceOp op) {
        switch (op.kind()) {
            case MULTIPART_CREATE -> {
                Upload upload = new Upload();
                unbound.computeIfAbsent(op.key(), k -> new ArrayDeque<>()).add(upload);
                return upload;
            }
            case MULTIPART_PART, MULTIPART_COMPLETE, MULTIPART_ABORT -> {
                Upload upload = op.uploadId() == null ? null : uploads.get(op.uploadId());
                if (upload == null) {
                    Deque<Upload> waiting = unbound.get(op.key());
                    upload = waiting == null ? null : waiting.poll();
                    if (upload != null && op.uploadId() != null) {
                        uploads.put(op.uploadId(), upload);
                    }
                }
                if (upload != null && op.kind() == TraceOp.Kind.MULTIPART_PART) {
                    upload.pending.incrementAndGet();
                }
                if (upload != null && op.kind() != TraceOp.Kind.MULTIPART_PART && op.uploadId() != null) {
                    uploads.remove(op.uploadId()); // ended: its id is free for the trace's next use
                }
                return upload;
            }
            default -> {
                return null;
            }
        }
    }

    /** Sends {@code op} (with the upload it was bound to when taken) and records it into {@code recorder}. */
    void run(TraceOp op, Upload upload, WorkerState worker, OpRecorder recorder) {
        recorder.alsoInto(cells.get(op.kind()));
        long start = System.nanoTime();
        try {
            long bytes = send(op, upload, worker, recorder, start);
            if (bytes < 0) {
                return; // recorded already (a read)
            }
            if (op.failed()) {
                outcome(op).succeeded(); // the recorded failure did not happen here
            }
            recorder.success(System.nanoTime() - start, bytes);
        } catch (StoreException e) {
            if (!op.failed()) {
                throw e;
            }
            Tally t = outcome(op);
            if (status(e) == op.status()) {
                t.same();
            } else {
                t.other();
            }
            recorder.success(System.nanoTime() - start, 0); // answered as a recorded failure is: not the replay's
        }
    }

    /** Sends the request; returns the bytes it moved, or -1 when it recorded itself. */
    private long send(TraceOp op, Upload upload, WorkerState worker, OpRecorder recorder, long start) {
        ObjectStore store = worker.store();
        String key = op.key() == null ? null : keys.map(op.key());
        switch (op.kind()) {
            case GET -> {
                ReadTiming timing = worker.timing();
                if (op.rangeStart() >= 0 && op.rangeLength() > 0) {
                    store.getRange(key, op.rangeStart(), op.rangeLength(), worker.readBuffer(), timing);
                } else {
                    store.get(key, worker.readBuffer(), timing);
                }
                if (op.failed()) {
                    return timing.bytes();
                }
                recorder.read(key, System.nanoTime() - start, start, timing);
                return -1;
            }
            case PUT -> {
                store.put(key, payload.body(key, Math.max(0, op.size()), data), ObjectWrite.NONE);
                return Math.max(0, op.size());
            }
            case HEAD -> {
                if (store.head(key).isEmpty()) {
                    throw new StoreException(StoreException.Kind.NOT_FOUND, "HTTP 404 NoSuchKey", "HEAD " + key
                            + ": HTTP 404 NoSuchKey", null);
                }
                return 0;
            }
            case DELETE -> {
                store.delete(key);
                return 0;
            }
            case DELETE_OBJECTS -> {
                List<String> mapped = op.keys().stream().map(keys::map).toList();
                recorder.items(store.bucketWide().deleteBatch(mapped).deleted());
                return 0;
            }
            case LIST -> {
                recorder.items(store.bucketWide().listPage(keys.listPrefix(op.prefix()), null, 1000).keys().size());
                return 0;
            }
            case COPY -> {
                store.copy(keys.copySource(op.size()), key);
                return Math.max(0, op.size());
            }
            case MULTIPART_CREATE, MULTIPART_PART, MULTIPART_COMPLETE, MULTIPART_ABORT -> {
                return multipart(op, upload, store, key);
            }
            default -> throw new IllegalStateException("not replayed: " + op.kind());
        }
    }

    /** A multipart upload's step, with the upload it was bound to; returns the bytes it moved. */
    private long multipart(TraceOp op, Upload upload, ObjectStore store, String key) {
        switch (op.kind()) {
            case MULTIPART_CREATE -> {
                try {
                    upload.id.complete(store.multipart().createMultipart(key, ObjectWrite.NONE));
                } catch (RuntimeException e) {
                    upload.id.completeExceptionally(e);
                    throw e;
                }
                return 0;
            }
            case MULTIPART_PART -> {
                try {
                    String etag = store.multipart().uploadPart(key, id(begun(op, upload)), op.partNumber(),
                            payload.body(key + "#" + op.partNumber(), Math.max(0, op.size()), data));
                    synchronized (upload) {
                        upload.parts.add(new ObjectStore.Part(etag, Map.of()));
                        upload.numbers.add(op.partNumber());
                    }
                } finally {
                    if (upload != null) {
                        upload.pending.decrementAndGet();
                    }
                }
                return Math.max(0, op.size());
            }
            case MULTIPART_COMPLETE -> {
                String id = id(begun(op, upload));
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
                while (upload.pending.get() > 0 && System.nanoTime() < until) {
                    LockSupport.parkNanos(200_000); // its parts taken before it
                }
                List<ObjectStore.Part> parts;
                synchronized (upload) {
                    List<Integer> order = new ArrayList<>();
                    for (int i = 0; i < upload.numbers.size(); i++) {
                        order.add(i);
                    }
                    order.sort(Comparator.comparing(upload.numbers::get));
                    parts = order.stream().map(upload.parts::get).toList();
                }
                store.multipart().completeMultipart(key, id, parts);
                return Math.max(0, op.size());
            }
            case MULTIPART_ABORT -> {
                store.multipart().abortMultipart(key, id(begun(op, upload)));
                return 0;
            }
            default -> throw new IllegalStateException("not a multipart step: " + op.kind());
        }
    }

    /** {@code upload}, or the failure of an operation whose upload began before the trace (or its window). */
    private static Upload begun(TraceOp op, Upload upload) {
        if (upload == null) {
            throw new StoreException(StoreException.Kind.CLIENT, ReplayRunner.UPLOAD_NOT_BEGUN, op.name() + " "
                    + op.key() + ": its upload began before the trace (or outside its window)", null);
        }
        return upload;
    }

    private static String id(Upload upload) {
        try {
            return upload.id.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof StoreException s ? s : new StoreException(StoreException.Kind.CLIENT,
                    ReplayRunner.UPLOAD_NOT_BEGUN, "its upload's creation failed", e.getCause());
        } catch (TimeoutException e) {
            throw new StoreException(StoreException.Kind.TIMEOUT, "timeout (upload not created)",
                    "its upload was not created within " + WAIT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(StoreException.Kind.CLIENT, "interrupted", "stopped", e);
        }
    }

    /** The HTTP status a failure carried ({@code HTTP 404 NoSuchKey}: 404), or 0 (no answer). */
    static int status(StoreException e) {
        if (e.kind() == StoreException.Kind.NOT_FOUND) {
            return 404;
        }
        Matcher m = Pattern.compile("HTTP (\\d{3})").matcher(e.errorClass());
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** What recorded failures met here, counted by operation and recorded status. */
    private static final class Tally {
        private final LongAdder[] counts;

        Tally(LongAdder[] counts) {
            this.counts = counts;
            counts[0].increment();
        }

        void same() {
            counts[1].increment();
        }

        void other() {
            counts[2].increment();
        }

        void succeeded() {
            counts[3].increment();
        }
    }

    private Tally outcome(TraceOp op) {
        return new Tally(outcomes.computeIfAbsent(op.kind().name() + "\t" + op.status(), k -> new LongAdder[] {
                new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder()}));
    }

    /** Per operation and recorded status: {count, same here, another failure, succeeded}. */
    Map<String, long[]> outcomes() {
        Map<String, long[]> out = new TreeMap<>();
        outcomes.forEach((k, c) -> out.put(k, new long[] {c[0].sum(), c[1].sum(), c[2].sum(), c[3].sum()}));
        return out;
    }
}
