package io.s3workload.run.probe;

import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.convergence.ConvergenceRecorder;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.StageResult;
import io.s3workload.run.RunContext;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.run.loop.WorkerState;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.ReadTiming;
import io.s3workload.workload.ConsistencyProbe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a consistency probe: iterations of "write through a writer, then poll readers until they show the write
 * or the timeout passes", timing convergence per writer-reader pair. What is written and what counts as shown is
 * the {@link Target}'s business (one object and GET/HEAD, or a batch of keys and a listing).
 *
 * <p>Convergence is measured from the response of the (last) write to the sending of the first read that showed
 * it: 0 when the very first read, made right after the write, showed it. Reads then start every
 * {@code pollInterval} (at once when a read took longer), so an eventual lag is known to within one interval. A
 * read showing another ETag (an older version) is stale and does not count as shown. Each poll is counted for its
 * pair as answered, "not yet" or failed; a reader's cell holds only the reads the server answered with content
 * (the object, a listing) and the failed ones, never a 404.
 */
public final class ConvergenceProbe {

    /**
     * What an iteration wrote: keys, their ETags as the writer returned them (for a versioned write, its version
     * id), and when the last write ended.
     */
    public record Written(String prefix, List<String> keys, List<String> etags, long completedNanos) {
    }

    /** What one read found. */
    public enum Seen { SHOWN, MISSING, STALE }

    /**
     * What one read saw, and the object bytes it read (0 for a HEAD or a listing); {@code answered}: the server
     * answered with content (the object, or a listing) rather than a 404, so the read belongs in the reader's cell.
     */
    public record Read(Seen seen, long bytes, boolean answered) {

        public Read(Seen seen, long bytes) {
            this(seen, bytes, true);
        }

        /** An answer without bytes: a HEAD's, or a listing's ({@code MISSING}: the keys were not all in it). */
        public static Read of(Seen seen) {
            return new Read(seen, 0, true);
        }

        /** A 404: the reader does not have the object (yet). */
        public static Read notFound() {
            return new Read(Seen.MISSING, 0, false);
        }
    }

    /** How a reader is asked whether it shows a write. */
    @FunctionalInterface
    public interface Reader {

        /**
         * One read through {@code reader}, counting what it handled besides bytes (keys listed) into {@code reads}.
         * Throws {@link StoreException} when the read failed.
         */
        Read read(ObjectStore reader, Written written, byte[] buffer, CellRecorder reads);
    }

    /** A probe kind: what it writes, and how it reads. */
    public interface Target extends Reader {

        /** The operation a poll is, for the readers' cells. */
        Op readOp();

        /** The operation a write is, for the writers' cells. */
        default Op writeOp() {
            return Op.PUT;
        }

        /**
         * Writes an iteration's object(s), named by {@code name} (the key, or the prefix of the keys), timing each
         * write into {@code writes}; {@code version} makes overwritten content differ. Throws
         * {@link StoreException} when a write failed.
         */
        Written write(ObjectStore writer, String name, long version, CellRecorder writes);
    }

    /** One iteration of one writer, for {@code readers}. */
    private record Task(String writer, List<String> readers, String directory, long iteration) {
    }

    private final StagePlan stage;
    private final ConsistencyProbe probe;
    private final Target target;
    private final RunContext context;
    private final Map<String, CellRecorder> writes = new LinkedHashMap<>();
    private final Map<String, CellRecorder> reads = new LinkedHashMap<>();
    private final Map<String, ConvergenceRecorder> pairs = new LinkedHashMap<>();

    public ConvergenceProbe(StagePlan stage, ConsistencyProbe probe, Target target, RunContext context) {
        this.stage = stage;
        this.probe = probe;
        this.target = target;
        this.context = context;
        SizeSpec size = SizeSpec.of(probe.size());
        for (String writer : stage.roles().writers()) {
            writes.put(writer, context.recorder(new CellKey(stage.name(), target.writeOp(), writer, size)));
            for (String reader : stage.roles().readersOf(writer)) {
                pairs.put(writer + "\n" + reader, new ConvergenceRecorder(writer, reader));
            }
        }
        for (String reader : stage.roles().readEndpoints()) {
            reads.put(reader, context.recorder(new CellKey(stage.name(), target.readOp(), reader, size)));
        }
    }

    public StageResult run() {
        long start = System.nanoTime();
        List<Task> tasks = tasks();
        AtomicInteger next = new AtomicInteger();
        try (ExecutorService workers = Executors.newThreadPerTaskExecutor(
                context.clients().threads(Thread.ofVirtual().name(stage.name() + "-", 0)))) {
            for (int w = 0; w < stage.concurrency(); w++) {
                int worker = w;
                workers.execute(() -> {
                    for (int t = next.getAndIncrement(); t < tasks.size() && !context.cancelled();
                         t = next.getAndIncrement()) {
                        iteration(tasks.get(t), worker);
                    }
                });
            }
        }
        long wall = System.nanoTime() - start;
        List<CellStats> cells = new ArrayList<>();
        writes.values().forEach(r -> cells.add(r.finish(wall, -1, -1)));
        reads.values().forEach(r -> cells.add(r.finish(wall, -1, -1)));
        List<ConvergenceStats> convergence = pairs.values().stream().map(ConvergenceRecorder::finish).toList();
        StageResult result = new StageResult(stage, cells, wall, context.cancelled());
        return convergence.isEmpty() ? result : result.with(new ConvergencePairs(convergence));
    }

    /** Iterations in the order they run: by iteration then writer, or pair by pair. */
    private List<Task> tasks() {
        List<Task> tasks = new ArrayList<>();
        if (probe.pairs() == ConsistencyProbe.PairOrder.PARALLEL) {
            for (long i = 0; i < probe.iterations(); i++) {
                for (String writer : stage.roles().writers()) {
                    tasks.add(new Task(writer, stage.roles().readersOf(writer), writer, i));
                }
            }
        } else {
            for (String writer : stage.roles().writers()) {
                for (String reader : stage.roles().readersOf(writer)) {
                    for (long i = 0; i < probe.iterations(); i++) {
                        tasks.add(new Task(writer, List.of(reader), writer + "-to-" + reader, i));
                    }
                }
            }
        }
        return tasks;
    }

    private void iteration(Task task, int worker) {
        String name = context.runPrefix() + stage.name() + "/" + task.directory() + "/"
                + (probe.overwrite() ? "w" + worker : Long.toString(task.iteration()));
        Written written;
        try {
            written = target.write(store(task.writer()), name, task.iteration(), writes.get(task.writer()));
        } catch (StoreException e) {
            task.readers().forEach(reader -> pair(task.writer(), reader).writeFailed());
            return;
        }
        if (task.readers().size() == 1) {
            poll(task.writer(), task.readers().get(0), written);
            return;
        }
        try (ExecutorService readers = Executors.newThreadPerTaskExecutor(
                context.clients().threads(Thread.ofVirtual()))) {
            for (String reader : task.readers()) {
                readers.execute(() -> poll(task.writer(), reader, written));
            }
        }
    }

    /** Reads through {@code reader} until it shows {@code written}, or the timeout. */
    private void poll(String writer, String reader, Written written) {
        byte[] buffer = new byte[(int) Math.min(probe.size().bytes() + 1, WorkerState.READ_BUFFER_BYTES)];
        poll(target, store(reader), written, new Polling(probe.pollInterval(), probe.timeout(),
                probe.immediateWithin(), true), pair(writer, reader), reads.get(reader), buffer, context);
    }

    /**
     * How a reader is polled: every {@code interval} until {@code timeout} after the write; a read within
     * {@code immediateWithin} of the write (or the very first read, with {@code firstReadImmediate}) is immediate.
     */
    public record Polling(Duration interval, Duration timeout, Duration immediateWithin,
                   boolean firstReadImmediate) {
    }

    /**
     * Reads through {@code store} until it shows {@code written} or the timeout passes, recording each read into
     * {@code cell} and the outcome into {@code pair}.
     */
    public static void poll(Reader target, ObjectStore store, Written written, Polling polling,
                            ConvergenceRecorder pair, CellRecorder cell, byte[] buffer, RunContext context) {
        long deadline = written.completedNanos() + polling.timeout().toNanos();
        boolean stale = false;
        for (int attempt = 1; ; attempt++) {
            long t0 = System.nanoTime();
            Seen seen;
            try {
                Read read = target.read(store, written, buffer, cell);
                seen = read.seen();
                if (read.answered()) {
                    long latency = System.nanoTime() - t0;
                    cell.success(latency, read.bytes());
                    context.logOperation(cell, OpsSink.POLL, t0, read.bytes(), latency, null);
                }
                pair.polled(seen == Seen.MISSING ? ConvergenceRecorder.Poll.NOT_YET : ConvergenceRecorder.Poll.ANSWERED);
            } catch (StoreException e) {
                seen = null;
                cell.failure(e.errorClass(), written.keys().get(0));
                context.logOperation(cell, OpsSink.POLL, t0, 0, -1, e.errorClass());
                pair.polled(ConvergenceRecorder.Poll.ERROR);
            }
            long now = System.nanoTime();
            if (seen == Seen.SHOWN) {
                long lag = attempt == 1 ? 0 : t0 - written.completedNanos();
                pair.converged(lag, now - t0, (attempt == 1 && polling.firstReadImmediate())
                        || lag <= polling.immediateWithin().toNanos());
                break;
            }
            stale |= seen == Seen.STALE;
            long wake = t0 + polling.interval().toNanos();
            if (wake - deadline > 0 || context.runCancelled()) {
                pair.timedOut();
                break;
            }
            sleepUntil(wake);
        }
        if (stale) {
            pair.sawStale();
        }
    }

    private ConvergenceRecorder pair(String writer, String reader) {
        return pairs.get(writer + "\n" + reader);
    }

    private ObjectStore store(String endpoint) {
        return context.clients().sharedPrimed(endpoint, stage.client());
    }

    private static void sleepUntil(long wakeNanos) {
        long wait = wakeNanos - System.nanoTime();
        if (wait > 0) {
            try {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Whether two ETags name the same version: quotes and a weak marker aside, case-insensitively. */
    public static boolean sameEtag(String a, String b) {
        return a != null && b != null && bare(a).equalsIgnoreCase(bare(b));
    }

    private static String bare(String etag) {
        String e = etag.startsWith("W/") ? etag.substring(2) : etag;
        return e.length() >= 2 && e.startsWith("\"") && e.endsWith("\"") ? e.substring(1, e.length() - 1) : e;
    }

    /** One GET (or HEAD) of the single object {@code written} names: shown with its ETag, missing, or stale. */
    public static Read readBack(ObjectStore reader, Written written, boolean head,
                                          byte[] buffer) {
        String key = written.keys().get(0);
        Optional<String> etag;
        long bytes = 0;
        if (head) {
            etag = reader.head(key).map(ObjectStore.ObjectInfo::etag);
        } else {
            ReadTiming timing = new ReadTiming();
            etag = get(reader, key, buffer, timing);
            bytes = etag.isPresent() ? timing.bytes() : 0;
        }
        if (etag.isEmpty()) {
            return Read.notFound();
        }
        return new Read(etag.get().isEmpty() || sameEtag(etag.get(),
                written.etags().get(0)) ? Seen.SHOWN : Seen.STALE, bytes);
    }

    /** The ETag the object was read with ("" when the server sent none); empty on 404. */
    private static Optional<String> get(ObjectStore reader, String key, byte[] buffer, ReadTiming timing) {
        try {
            reader.get(key, buffer, timing);
            return Optional.of(timing.etag() == null ? "" : timing.etag());
        } catch (StoreException e) {
            if (e.kind() == StoreException.Kind.NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }
}
