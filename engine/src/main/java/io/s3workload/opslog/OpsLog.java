package io.s3workload.opslog;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdException;
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
 * The ops log: one CSV row per operation in {@code ops.csv.zst}, a zstd frame per chunk of rows (at most 16 KiB of
 * them, and every second what the stripes hold), each written whole, so that a run killed at any moment leaves a file
 * that {@code zstd -d} and DuckDB read up to its last second.
 *
 * <p>Workers write their rows into a few striped chunks (a lock each, a stripe per worker thread's id), encoding
 * them there in room reserved beforehand ({@link #begin}), with nothing allocated or copied; a full chunk goes to the
 * writer's thread, which compresses it into a frame of its own. When the writer falls behind and no empty chunk is
 * left, a worker waits for one: no row is ever dropped, and the time waited is counted ({@link #waitedNanos}) for
 * the run to report.
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

    /**
     * A chunk of rows, about 80, compressed as a frame: 16 KiB keeps what the writer touches (the chunk, zstd's tables,
     * the frame) small beside the workers sharing its core; with 64 KiB chunks the workers' CPU per operation was
     * 1.21x that without the log, with 16 KiB 1.06x (docs/performance.md, "The ops log").
     */
    private static final int CHUNK = 16 * 1024;
    /** A row longer than this is not written into a stripe's chunk but handed to the writer as a chunk of its own. */
    private static final int LONG_ROW = CHUNK / 4;
    private static final int STRIPES = Math.max(4, Integer.highestOneBit(Runtime.getRuntime().availableProcessors()) * 4);
    /** Chunks beyond one per stripe: how far the writer may fall behind before a worker waits. */
    private static final int SPARE = 256;

    /**
     * Compresses a chunk at a time, each a frame, in one call from the chunk itself (level 1): rows repeat within a
     * few hundred bytes, so a chunk loses little by not seeing the last (15.7 bytes a row), and the compressor's
     * memory stays as small as a chunk. A stream with a window across chunks kept its own copies of the rows and
     * ~0.5 MiB of buffers, which the writer swept through the cache each time it ran.
     */
    private final ZstdCompressCtx zstd = new ZstdCompressCtx().setLevel(1);
    /** A frame as it is made, written to {@link #file} whole. */
    private byte[] frame = new byte[(int) Zstd.compressBound(CHUNK)];
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
    private final Thread writer;
    private volatile boolean closing;
    private volatile IOException failed;

    private record Filled(byte[] bytes, int length) {
    }

    /** Tells the writer the log is closing: it writes what is left and ends. */
    private static final Filled CLOSING = new Filled(new byte[0], 0);

    /** One lock, the chunk rows are written into, and the row that writes them (used with the lock held). */
    static final class Stripe {
        final ReentrantLock lock = new ReentrantLock();
        final OpsRow row;
        byte[] chunk;
        int position;

        Stripe(OpsLog log) {
            row = new OpsRow(log, this);
            chunk = new byte[CHUNK];
        }
    }

    private OpsLog(OutputStream file) {
        this.file = file;
        Instant now = Instant.now();
        this.anchorNanos = System.nanoTime();
        this.anchorMicros = now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe(this);
        }
        for (int i = 0; i < SPARE; i++) {
            free.addFirst(new byte[CHUNK]);
        }
        writer = Thread.ofPlatform().daemon().name("ops-log").unstarted(this::drain);
    }

    /** Opens {@code file} (replacing it) and writes the header. */
    public static OpsLog open(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        OpsLog log = new OpsLog(Files.newOutputStream(file));
        byte[] header = (String.join(",", COLUMNS) + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            log.compress(header, header.length);
        } catch (IOException e) {
            log.file.close();
            log.zstd.close();
            throw e;
        }
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

    /**
     * A row in the making, of at most {@code maxBytes} (from {@link OpsRow#bound}s), written straight into the calling
     * thread's stripe: its lock is held from here to the row's {@link OpsRow#end} (or {@link OpsRow#abandon}), so the
     * caller fills it at once, with nothing that can block. A row that could not fit a chunk is made apart
     * ({@link #row}).
     */
    public OpsRow begin(int maxBytes) {
        if (maxBytes > LONG_ROW) {
            return row();
        }
        Stripe stripe = reserve(maxBytes);
        return stripe.row.at(stripe.chunk, stripe.position);
    }

    /** A stripe's row ended at {@code position} of its chunk (or was given up, the position unmoved): its lock let go. */
    void ended(Stripe stripe, int position) {
        stripe.position = position;
        stripe.lock.unlock();
    }

    /** A row in the making, of any length: the calling thread's own, filled field by field, then copied in at its end. */
    public OpsRow row() {
        return ownRows.get().reset();
    }

    private final ThreadLocal<OpsRow> ownRows = ThreadLocal.withInitial(() -> new OpsRow(this, null));

    /** Copies a row of its own ({@link #row}) into the calling thread's stripe; a long one is a chunk of its own. */
    void append(byte[] row, int n) {
        if (n > LONG_ROW) {
            full.add(new Filled(java.util.Arrays.copyOf(row, n), n));
            return;
        }
        Stripe stripe = reserve(n);
        System.arraycopy(row, 0, stripe.chunk, stripe.position, n);
        ended(stripe, stripe.position + n);
    }

    /**
     * The calling thread's stripe, locked, with room for {@code bytes} in its chunk. A full chunk goes to the writer
     * for an empty one first; when none is left the worker waits for one with the lock released (the writer takes
     * stripe locks to sweep them, so nothing waits while holding one), and the wait is counted.
     */
    private Stripe reserve(int bytes) {
        Stripe stripe = stripes[(int) (Thread.currentThread().threadId() & (STRIPES - 1))];
        byte[] spare = null;
        while (true) {
            stripe.lock.lock();
            if (stripe.position + bytes > CHUNK) {
                byte[] next = spare != null ? spare : free.pollFirst();
                if (next == null) {
                    stripe.lock.unlock();
                    spare = waitForChunk();
                    continue;
                }
                spare = null;
                full.add(new Filled(stripe.chunk, stripe.position));
                stripe.chunk = next;
                stripe.position = 0;
            }
            if (spare != null) {
                free.offerFirst(spare); // another worker swapped the chunk while this one waited
            }
            return stripe;
        }
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

    /** The writer: compresses full chunks as they come, and every second the stripes' partial ones. */
    private void drain() {
        long nextSweep = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        try {
            while (true) {
                long wait = nextSweep - System.nanoTime();
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
                nextSweep = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
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
     * Compresses {@code length} bytes of rows as a frame and writes it to the file in one write: a file cut at any
     * moment (a kill) holds whole frames, each of which decompresses on its own, but for one being written at that
     * very moment.
     */
    private void compress(byte[] rows, int length) throws IOException {
        long bound = Zstd.compressBound(length);
        if (bound > frame.length) { // a row longer than a chunk
            frame = new byte[(int) bound];
        }
        int n;
        try {
            n = zstd.compressByteArray(frame, 0, frame.length, rows, 0, length);
        } catch (ZstdException e) {
            throw new IOException("zstd: " + e.getMessage(), e);
        }
        file.write(frame, 0, n);
    }

    /**
     * Takes every stripe's partial chunk for writing: swapped for an empty one under the stripe's lock and compressed
     * after, so that the stripe's workers do not wait for it (compressed in place when no empty chunk is left).
     */
    private void sweep() throws IOException {
        for (Stripe stripe : stripes) {
            Filled taken = null;
            stripe.lock.lock();
            try {
                if (stripe.position > 0) {
                    byte[] next = free.pollFirst();
                    if (next != null) {
                        taken = new Filled(stripe.chunk, stripe.position);
                        stripe.chunk = next;
                    } else {
                        compress(stripe.chunk, stripe.position);
                    }
                    stripe.position = 0;
                }
            } finally {
                stripe.lock.unlock();
            }
            if (taken != null) {
                write(taken);
            }
        }
    }

    private void write(Filled filled) throws IOException {
        compress(filled.bytes(), filled.length());
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
            zstd.close(); // the writer has ended: no frame is being made
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
