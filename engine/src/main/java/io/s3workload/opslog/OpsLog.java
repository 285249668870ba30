package io.s3workload.opslog;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The ops log: one CSV row per operation in {@code ops.csv.zst}, zstd frames of at most a second each, so that a
 * run killed at any moment leaves a file that {@code zstd -d} and DuckDB read up to its last second.
 *
 * <p>Workers write their rows into a few striped chunks (a lock each, a stripe per worker thread's id), encoding
 * them there without allocating; a full chunk goes to the writer's thread, which compresses it. When the writer
 * falls behind and no empty chunk is left, a worker waits for one: no row is ever dropped, and the time waited is
 * counted ({@link #waitedNanos}) for the run to report.
 *
 * <p>Times: {@code start_us}, {@code intended_us} and {@code end_us} are microseconds since the epoch, anchored once
 * when the log opens and advanced by the monotonic clock (so they never jump with the wall clock); durations are
 * nanoseconds. See docs/ops-log.md for every column.
 */
public final class OpsLog implements AutoCloseable {

    public static final String FILE = "ops.csv.zst";
    /** The columns, in order (docs/ops-log.md). */
    public static final java.util.List<String> COLUMNS = java.util.List.of("run", "shard", "stage", "op",
            "cell_endpoint", "size_class", "worker", "endpoint", "host", "bucket", "key", "version_id", "bytes",
            "range", "start_us", "intended_us", "end_us", "ttfb_ns", "latency_ns", "status", "error", "attempts",
            "request_id", "id2", "etag", "checksum", "own");

    private static final int CHUNK = 64 * 1024;
    /**
     * zstd's window, 2^17 = 128 KiB of rows to find repeats in (level 1 would keep 512 KiB): rows repeat within a few
     * KiB, and a smaller window is less memory the compressor sweeps through the cache beside the workers.
     */
    private static final int WINDOW_LOG = 17;
    private static final int STRIPES = Math.max(4, Integer.highestOneBit(Runtime.getRuntime().availableProcessors()) * 4);
    /** Chunks beyond one per stripe: how far the writer may fall behind before a worker waits. */
    private static final int SPARE = 64;

    /** The zstd stream, writing into {@link #frame}. */
    private final OutputStream out;
    /** The frame being compressed, written to {@link #file} whole when it ends. */
    private final Frame frame;
    private final OutputStream file;
    private final Stripe[] stripes = new Stripe[STRIPES];
    /**
     * Empty chunks, last given back first: the chunk a worker takes next is the one the writer has just compressed,
     * still in the cache, so the log's buffers stay a few chunks hot instead of all of them cycling through memory
     * (which made every other part of a worker's operation slower).
     */
    private final java.util.concurrent.BlockingDeque<byte[]> free = new java.util.concurrent.LinkedBlockingDeque<>();
    /** Chunks for the writer: never more than were made, so adding never waits. */
    private final BlockingQueue<Filled> full = new java.util.concurrent.LinkedBlockingQueue<>();
    private final long anchorMicros;
    private final long anchorNanos;
    private final AtomicLong waited = new AtomicLong();
    private final AtomicLong rows = new AtomicLong();
    private final Thread writer;
    private volatile boolean closing;
    private volatile IOException failed;

    private record Filled(byte[] bytes, int length) {
    }

    /** Tells the writer the log is closing: it writes what is left and ends. */
    private static final Filled CLOSING = new Filled(new byte[0], 0);

    /** One lock and the chunk rows are written into. */
    private static final class Stripe {
        final ReentrantLock lock = new ReentrantLock();
        byte[] chunk;
        int position;
    }

    /** A frame's compressed bytes, kept until the frame ends. */
    private static final class Frame extends java.io.ByteArrayOutputStream {
        Frame() {
            super(1 << 16);
        }

        void moveTo(OutputStream file) throws IOException {
            file.write(buf, 0, count);
            file.flush();
            reset();
        }
    }

    private OpsLog(OutputStream file, Frame frame, OutputStream out) {
        this.file = file;
        this.frame = frame;
        this.out = out;
        Instant now = Instant.now();
        this.anchorNanos = System.nanoTime();
        this.anchorMicros = now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
            stripes[i].chunk = new byte[CHUNK];
        }
        for (int i = 0; i < SPARE; i++) {
            free.addFirst(new byte[CHUNK]);
        }
        writer = Thread.ofPlatform().daemon().name("ops-log").unstarted(this::drain);
    }

    /** Opens {@code file} (replacing it) and writes the header. */
    public static OpsLog open(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Frame frame = new Frame();
        ZstdOutputStream zstd = new ZstdOutputStream(frame, 1);
        zstd.setCloseFrameOnFlush(true);
        zstd.setWindowLog(WINDOW_LOG);
        OpsLog log = new OpsLog(Files.newOutputStream(file), frame, zstd);
        zstd.write((String.join(",", COLUMNS) + "\n").getBytes(StandardCharsets.US_ASCII));
        log.endFrame();
        log.writer.start();
        return log;
    }

    /** Microseconds since the epoch at the monotonic instant {@code nanos}. */
    public long micros(long nanos) {
        return anchorMicros + Math.floorDiv(nanos - anchorNanos, 1000);
    }

    /** How long workers have waited for the writer in all. */
    public long waitedNanos() {
        return waited.get();
    }

    /** Rows written so far. */
    public long rows() {
        return rows.get();
    }

    /** A row in the making: the calling thread's, filled field by field, then {@link OpsRow#end}. */
    public OpsRow row() {
        return ROWS.get().reset();
    }

    private static final ThreadLocal<OpsRow> ROWS = ThreadLocal.withInitial(OpsRow::new);

    /**
     * Copies a row into the calling thread's stripe. A full chunk goes to the writer for an empty one; when none is
     * left the worker waits for one with the stripe's lock released (the writer takes stripe locks to sweep them, so
     * nothing waits while holding one), and the wait is counted.
     */
    void append(byte[] row, int n) {
        Stripe stripe = stripes[(int) (Thread.currentThread().threadId() & (STRIPES - 1))];
        byte[] spare = null;
        while (true) {
            stripe.lock.lock();
            try {
                if (stripe.position + n <= stripe.chunk.length) {
                    System.arraycopy(row, 0, stripe.chunk, stripe.position, n);
                    stripe.position += n;
                    break;
                }
                if (stripe.position == 0) { // a row longer than a chunk: written as a chunk of its own
                    full.add(new Filled(java.util.Arrays.copyOf(row, n), n));
                    break;
                }
                byte[] next = spare != null ? spare : free.pollFirst();
                if (next != null) {
                    full.add(new Filled(stripe.chunk, stripe.position));
                    stripe.chunk = next;
                    stripe.position = 0;
                    spare = null;
                    continue;
                }
            } finally {
                stripe.lock.unlock();
            }
            spare = waitForChunk();
        }
        if (spare != null) {
            free.offerFirst(spare);
        }
        rows.incrementAndGet();
    }

    /** An empty chunk, once the writer has given one back; the time waited counted. */
    private byte[] waitForChunk() {
        long began = System.nanoTime();
        try {
            return free.takeFirst();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new byte[CHUNK]; // the run is stopping: no row is dropped for it
        } finally {
            waited.addAndGet(System.nanoTime() - began);
        }
    }

    /** The writer: compresses full chunks as they come, and every second the stripes' partial ones, ending a frame. */
    private void drain() {
        long nextFlush = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        try {
            while (true) {
                long wait = nextFlush - System.nanoTime();
                Filled filled = wait > 0 ? full.poll(wait, TimeUnit.NANOSECONDS) : null;
                if (filled != null && filled != CLOSING) {
                    write(filled);
                    continue;
                }
                boolean last = closing;
                sweep();
                Filled more;
                while ((more = full.poll()) != null) {
                    if (more != CLOSING) {
                        write(more);
                    }
                }
                endFrame();
                nextFlush = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                if (last) {
                    return;
                }
            }
        } catch (IOException e) {
            failed = e;
            // keep taking chunks so that no worker waits forever on a log that cannot be written
            try {
                while (!closing || !full.isEmpty()) {
                    Filled filled = full.poll(100, TimeUnit.MILLISECONDS);
                    if (filled != null && filled != CLOSING && filled.bytes().length == CHUNK) {
                        free.offerFirst(filled.bytes());
                    }
                }
            } catch (InterruptedException stop) {
                Thread.currentThread().interrupt();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Ends the frame and writes it to the file in one write: a file cut at any moment (a kill) holds whole frames,
     * each of which decompresses on its own, but for one being written at that very moment.
     */
    private void endFrame() throws IOException {
        out.flush();
        frame.moveTo(file);
    }

    /** Takes every stripe's partial chunk for writing. */
    private void sweep() throws IOException {
        for (Stripe stripe : stripes) {
            stripe.lock.lock();
            try {
                if (stripe.position > 0) {
                    out.write(stripe.chunk, 0, stripe.position);
                    stripe.position = 0;
                }
            } finally {
                stripe.lock.unlock();
            }
        }
    }

    private void write(Filled filled) throws IOException {
        out.write(filled.bytes(), 0, filled.length());
        if (filled.bytes().length == CHUNK) {
            free.offerFirst(filled.bytes());
        }
    }

    /** Writes what is left and closes the file; an {@link UncheckedIOException} if the log could not be written. */
    @Override
    public void close() {
        closing = true;
        full.add(CLOSING);
        try {
            writer.join();
            out.close();
            frame.moveTo(file);
            file.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            failed = failed == null ? e : failed;
        }
        if (failed != null) {
            throw new UncheckedIOException("the ops log could not be written: " + failed.getMessage(), failed);
        }
    }
}
