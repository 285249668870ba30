package io.s3workload.opslog;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Deque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The ops log: one CSV row per operation in {@code ops.csv.zst}, a zstd frame per chunk of rows (at most 16 KiB of
 * them, and every second what the stripes hold), each written whole, so that a run killed at any moment leaves a file
 * that {@code zstd -d} and DuckDB read up to its last second.
 *
 * <p>Workers write their rows into a few striped chunks (a lock each, a stripe per worker thread's id), encoding
 * them there in room reserved beforehand ({@link #begin}), with nothing allocated or copied. The worker whose row
 * fills a chunk compresses it into a frame itself, right after, with its stripe's lock let go (the chunk is still in
 * its core's cache, and no thread is woken for it), and queues the frame; the writer's thread wakes every second, or
 * sooner when a megabyte of rows is queued, takes the stripes' partial chunks and writes what is queued. When the
 * file falls behind (a slow or full disk) by more than 4 MiB of rows, a worker that queues a frame waits for it: no
 * row is ever dropped, and the time waited is counted ({@link #waitedNanos}) for the run to report.
 *
 * <p>Times: {@code start_us}, {@code intended_us} and {@code end_us} are microseconds since the epoch, anchored once
 * when the log opens and advanced by the monotonic clock (so they never jump with the wall clock); durations are
 * nanoseconds. See docs/ops-log.md for every column.
 */
public final class OpsLog implements AutoCloseable {

    public static final String FILE = "ops.csv.zst";
    /** The columns, in order (docs/ops-log.md). */
    public static final List<String> COLUMNS = List.of("run", "shard", "stage", "op",
            "cell_endpoint", "size_class", "worker", "endpoint", "host", "bucket", "key", "version_id", "bytes",
            "range", "start_us", "intended_us", "end_us", "ttfb_ns", "latency_ns", "status", "error", "attempts",
            "request_id", "id2", "etag", "checksum", "own");

    /**
     * A chunk of rows, about 80, compressed as a frame: 16 KiB keeps what compressing touches (the chunk, zstd's
     * tables, the frame) small beside the workers sharing its core; with 64 KiB chunks the workers' CPU per operation
     * was 1.21x that without the log, with 16 KiB 1.06x (docs/performance.md, "The ops log").
     */
    private static final int CHUNK = 16 * 1024;
    /** A row longer than this is not written into a stripe's chunk but compressed as a frame of its own. */
    private static final int LONG_ROW = CHUNK / 4;
    private static final int STRIPES = Math.max(4, Integer.highestOneBit(Runtime.getRuntime().availableProcessors()) * 4);
    /**
     * Rows queued (counted before compression) beyond which a worker waits: how far the file may fall behind. The
     * writer is woken before its second is up once a quarter of it is queued.
     */
    private static final long BEHIND = 256L * CHUNK;

    private final OutputStream file;
    private final Stripe[] stripes = new Stripe[STRIPES];
    /**
     * Empty chunks, last given back first: the chunk a worker takes next is the one just compressed, still in the
     * cache, so the log's buffers stay a few chunks hot instead of all of them cycling through memory. A chunk is
     * made when none is left; there are never many more than the stripes, as each is given back once compressed.
     */
    private final Deque<byte[]> free = new ConcurrentLinkedDeque<>();
    /** Compressors not in use, the last given back first (its tables the warmest). */
    private final Deque<FrameCompressor> compressors = new ConcurrentLinkedDeque<>();
    /** Frames for the file, in the order they were queued. */
    private final Queue<Frame> frames = new ConcurrentLinkedQueue<>();
    /** The rows' bytes (before compression) of the frames queued and not yet written. */
    private final AtomicLong queued = new AtomicLong();
    /** Whether the writer has been woken since it last looked: a worker wakes it once, not each. */
    private final AtomicBoolean woken = new AtomicBoolean();
    /** Held to wait for the writer ({@link #written}) and to say it has written. */
    private final ReentrantLock writtenLock = new ReentrantLock();
    private final Condition written = writtenLock.newCondition();
    private final long anchorMicros;
    private final long anchorNanos;
    private final long behind;
    private final long wake;
    private final AtomicLong waited = new AtomicLong();
    private final AtomicInteger waiting = new AtomicInteger();
    private final Thread writer;
    private volatile boolean closing;
    private volatile IOException failed;

    /** A frame, compressed from {@code rows} bytes of rows. */
    private record Frame(byte[] bytes, int rows) {
    }

    /**
     * One lock, the chunk rows are written into, and the row that writes them (used with the lock held); a chunk
     * filled while the lock is held, to be compressed once it is let go.
     */
    static final class Stripe {
        final ReentrantLock lock = new ReentrantLock();
        final OpsRow row;
        byte[] chunk;
        int position;
        byte[] filled;
        int filledLength;

        Stripe(OpsLog log) {
            row = new OpsRow(log, this);
            chunk = new byte[CHUNK];
        }
    }

    private OpsLog(OutputStream file, long behindBytes) {
        this.file = new BufferedOutputStream(file, 1 << 17);
        this.behind = behindBytes;
        this.wake = behindBytes / 4;
        Instant now = Instant.now();
        this.anchorNanos = System.nanoTime();
        this.anchorMicros = now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe(this);
        }
        writer = Thread.ofPlatform().daemon().name("ops-log").unstarted(this::drain);
    }

    /** Opens {@code file} (replacing it) and writes the header. */
    public static OpsLog open(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        return open(Files.newOutputStream(file), BEHIND);
    }

    /**
     * A log into {@code out} (closed with the log) that may fall {@code behindBytes} of rows behind before a worker
     * waits for it; writes the header.
     */
    static OpsLog open(OutputStream out, long behindBytes) throws IOException {
        OpsLog log = new OpsLog(out, behindBytes);
        byte[] header = (String.join(",", COLUMNS) + "\n").getBytes(StandardCharsets.US_ASCII);
        FrameCompressor compressor = new FrameCompressor(CHUNK);
        log.compressors.push(compressor);
        try {
            log.file.write(compressor.compress(header, header.length));
            log.file.flush();
        } catch (IOException e) {
            log.file.close();
            compressor.close();
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

    /** How many workers are waiting for the writer now. */
    int workersWaiting() {
        return waiting.get();
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

    /**
     * A stripe's row ended at {@code position} of its chunk (or was given up, the position unmoved): its lock let go,
     * and the chunk it found full, if it did, compressed and queued for the file.
     */
    void ended(Stripe stripe, int position) {
        stripe.position = position;
        byte[] filled = stripe.filled;
        int length = stripe.filledLength;
        stripe.filled = null;
        stripe.lock.unlock();
        if (filled != null) {
            queue(filled, length, true);
        }
    }

    /** A row in the making, of any length: the calling thread's own, filled field by field, then copied in at its end. */
    public OpsRow row() {
        return ownRows.get().reset();
    }

    private final ThreadLocal<OpsRow> ownRows = ThreadLocal.withInitial(() -> new OpsRow(this, null));

    /** Copies a row of its own ({@link #row}) into the calling thread's stripe; a long one is a frame of its own. */
    void append(byte[] row, int n) {
        if (n > LONG_ROW) {
            queue(row, n, false);
            return;
        }
        Stripe stripe = reserve(n);
        System.arraycopy(row, 0, stripe.chunk, stripe.position, n);
        ended(stripe, stripe.position + n);
    }

    /**
     * The calling thread's stripe, locked, with room for {@code bytes} in its chunk: a full chunk is swapped for an
     * empty one, and compressed once the lock is let go ({@link #ended}).
     */
    private Stripe reserve(int bytes) {
        Stripe stripe = stripes[(int) (Thread.currentThread().threadId() & (STRIPES - 1))];
        stripe.lock.lock();
        if (stripe.position + bytes > CHUNK) {
            stripe.filled = stripe.chunk;
            stripe.filledLength = stripe.position;
            stripe.chunk = emptyChunk();
            stripe.position = 0;
        }
        return stripe;
    }

    private byte[] emptyChunk() {
        byte[] chunk = free.pollFirst();
        return chunk != null ? chunk : new byte[CHUNK];
    }

    /**
     * Compresses {@code length} bytes of {@code rows} as a frame on the calling thread and queues it for the file;
     * gives the chunk back when it is one. The writer is woken once a megabyte of rows waits; a worker waits (the
     * time counted) while the file is more than {@code behind} behind. The writer never waits here.
     */
    private void queue(byte[] rows, int length, boolean chunk) {
        FrameCompressor compressor = compressors.pollFirst();
        if (compressor == null) {
            compressor = new FrameCompressor(CHUNK);
        }
        byte[] frame;
        try {
            frame = compressor.compress(rows, length);
        } catch (IOException e) {
            failed = failed == null ? e : failed; // reported when the log closes; the run goes on
            return;
        } finally {
            compressors.push(compressor);
            if (chunk) {
                free.push(rows);
            }
        }
        frames.add(new Frame(frame, length));
        long rowsBehind = queued.addAndGet(length);
        if (rowsBehind > wake && Thread.currentThread() != writer && woken.compareAndSet(false, true)) {
            LockSupport.unpark(writer);
        }
        if (rowsBehind > behind && Thread.currentThread() != writer) {
            waitForWriter();
        }
    }

    /** Waits while the file is more than {@code behind} behind (the time counted); not once the log has failed. */
    private void waitForWriter() {
        long began = System.nanoTime();
        waiting.incrementAndGet();
        writtenLock.lock();
        try {
            while (queued.get() > behind && failed == null) {
                LockSupport.unpark(writer);
                written.await(100, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the run is stopping: the row is queued, nothing is lost
        } finally {
            writtenLock.unlock();
            waiting.decrementAndGet();
            waited.addAndGet(System.nanoTime() - began);
        }
    }

    /**
     * The writer: every second, or when woken, takes the stripes' partial chunks (each second) and writes every frame
     * queued; once the log closes, all that is left.
     */
    private void drain() {
        long nextSweep = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        try {
            while (true) {
                long wait = nextSweep - System.nanoTime();
                if (wait > 0 && !closing && queued.get() <= wake) {
                    LockSupport.parkNanos(this, wait);
                }
                woken.set(false);
                boolean last = closing;
                if (last || nextSweep - System.nanoTime() <= 0) {
                    sweep();
                    nextSweep = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                }
                writeQueued();
                if (last) {
                    return;
                }
            }
        } catch (IOException e) {
            failed = e;
            // keep taking frames so that no worker waits for a log that cannot be written
            while (!closing || !frames.isEmpty()) {
                Frame frame;
                while ((frame = frames.poll()) != null) {
                    queued.addAndGet(-frame.rows());
                }
                signalWritten();
                LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(100));
            }
        }
    }

    /**
     * Writes every frame queued, then flushes: each frame goes to the file whole (the buffer is written out between
     * frames, never inside one), so a file cut at any moment (a kill) holds whole frames, each of which decompresses
     * on its own, but for one being written at that very moment.
     */
    private void writeQueued() throws IOException {
        Frame frame;
        boolean any = false;
        while ((frame = frames.poll()) != null) {
            file.write(frame.bytes());
            queued.addAndGet(-frame.rows());
            any = true;
        }
        if (any) {
            file.flush();
            signalWritten();
        }
    }

    private void signalWritten() {
        writtenLock.lock();
        try {
            written.signalAll();
        } finally {
            writtenLock.unlock();
        }
    }

    /** Takes every stripe's partial chunk, swapped for an empty one under the stripe's lock, and queues it compressed. */
    private void sweep() {
        for (Stripe stripe : stripes) {
            byte[] taken = null;
            int length = 0;
            stripe.lock.lock();
            try {
                if (stripe.position > 0) {
                    taken = stripe.chunk;
                    length = stripe.position;
                    stripe.chunk = emptyChunk();
                    stripe.position = 0;
                }
            } finally {
                stripe.lock.unlock();
            }
            if (taken != null) {
                queue(taken, length, true);
            }
        }
    }

    /** Writes what is left and closes the file; an {@link UncheckedIOException} if the log could not be written. */
    @Override
    public void close() {
        closing = true;
        LockSupport.unpark(writer);
        try {
            writer.join();
            file.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            failed = failed == null ? e : failed;
        } finally {
            FrameCompressor compressor;
            while ((compressor = compressors.poll()) != null) {
                compressor.close();
            }
        }
        if (failed != null) {
            throw new UncheckedIOException("the ops log could not be written: " + failed.getMessage(), failed);
        }
    }
}
