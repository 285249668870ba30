package io.s3workload.metrics;

import io.s3workload.ground.Percentile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records one cell's operations from many workers without locks: HdrHistogram {@link Recorder}s for latency and
 * time to first byte, {@link LongAdder}s for counts. One sampling thread at a time calls {@link #sample()}; the
 * cumulative histograms and the timeline are that thread's alone until {@link #finish}.
 */
public final class CellRecorder {

    public static final long LOWEST_NANOS = 1_000;
    public static final long HIGHEST_NANOS = 3_600_000_000_000L;
    private static final int DIGITS = 3;
    private static final int EXAMPLES = 3;

    private final CellKey key;
    private final Recorder latency = new Recorder(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
    private final Recorder ttfb = new Recorder(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
    private final Recorder uncorrected = new Recorder(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
    /** Where uploads' time went ({@link WriteSplit}): made on the first upload that says. */
    private volatile Recorder send;
    private volatile Recorder commit;
    private final EnumMap<CellCount, LongAdder> counts = new EnumMap<>(CellCount.class);
    private final LongAdder operations = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder items = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> errorsByClass = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, List<String>> examplesByClass = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, String> messagesByClass = new ConcurrentHashMap<>();

    private final Histogram latencyTotal = newHistogram();
    private final Histogram ttfbTotal = newHistogram();
    private final Histogram uncorrectedTotal = newHistogram();
    private final List<Snapshot> timeline = new ArrayList<>();
    /** When the measured cell started: made, or {@link #measuring()} after an unmeasured warm-up. */
    private long startNanos = System.nanoTime();
    private volatile long firstRequestNanos = -1;
    /** Latency by object size, for a cell whose objects come in several sizes; null otherwise. */
    private final SizeBuckets bySize;
    /** The slowest operations and first failures of each class, named; see {@link Notable.Keeper}. */
    private final Notable.Keeper notable;
    private long sampledNanos = startNanos;

    /**
     * The measured cell starts now: its timeline counts from here (a warm-up before it, recorded elsewhere, is
     * not in its first second). Called before the sampler starts.
     */
    public void measuring() {
        startNanos = System.nanoTime();
        sampledNanos = startNanos;
    }
    private Histogram latencyInterval;
    private Histogram ttfbInterval;
    private Histogram uncorrectedInterval;
    private long sampledOperations;
    private long sampledBytes;
    private long sampledErrors;

    /** An empty histogram with the range and precision every latency histogram of a run has. */
    public static Histogram newHistogram() {
        return new Histogram(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
    }

    /**
     * The same range and precision in memory for the values it holds only (a full histogram is some 270 KB): for
     * many histograms kept at once, each of few distinct values (a merged run's seconds).
     */
    public static Histogram newPackedHistogram() {
        return new org.HdrHistogram.PackedHistogram(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
    }

    /** The slowest operations (and first failures of each class) a cell names unless told otherwise. */
    public static final int DEFAULT_NAMED = 10;

    public CellRecorder(CellKey key) {
        this(key, DEFAULT_NAMED);
    }

    /** A cell that names its {@code named} slowest operations and first failures of each class (0: none). */
    public CellRecorder(CellKey key, int named) {
        this.key = key;
        for (CellCount count : CellCount.ALL) {
            counts.put(count, new LongAdder());
        }
        this.notable = new Notable.Keeper(named);
        // by size where an operation's time follows its object's size (a mix's deletes and HEADs would not)
        this.bySize = key.op().movesData() && key.op() != Op.MIX && key.op() != Op.HTTP_GET
                ? SizeBuckets.of(key.size()) : null;
    }

    public CellKey key() {
        return key;
    }

    public void success(long latencyNanos, long bodyBytes) {
        latency.recordValue(clamp(latencyNanos));
        operations.increment();
        bytes.add(bodyBytes);
        if (bySize != null) {
            bySize.record(bodyBytes, clamp(latencyNanos));
        }
    }

    public void success(long latencyNanos, long ttfbNanos, long bodyBytes) {
        ttfb.recordValue(clamp(ttfbNanos));
        success(latencyNanos, bodyBytes);
    }

    /**
     * An open-loop operation's latency from its actual start (its {@link #success} latency counts from the
     * intended start, so that a stalled server shows).
     */
    public void uncorrected(long latencyNanos) {
        uncorrected.recordValue(clamp(latencyNanos));
    }

    /**
     * A request made before the measured ones and kept out of every figure but this, because it carried the
     * client's own start (connection set-up, class loading, the signer's first use).
     */
    public void firstRequest(long nanos) {
        firstRequestNanos = nanos;
    }

    /** One more of {@code count}: a late start, a capped one, a retry. */
    public void count(CellCount count) {
        counts.get(count).increment();
    }

    /** The counts so far. */
    private CellCounts counts() {
        EnumMap<CellCount, Long> sums = new EnumMap<>(CellCount.class);
        for (CellCount count : CellCount.values()) {
            sums.put(count, counts.get(count).sum());
        }
        return CellCounts.of(sums);
    }

    /** Counts things an operation handled besides bytes: keys listed. */
    public void items(long count) {
        items.add(count);
    }

    public void failure(String errorClass) {
        errors.increment();
        errorsByClass.computeIfAbsent(errorClass, c -> new LongAdder()).increment();
    }

    /** A failure with an example to show (a key, an offset); the first few of each class are kept. */
    public void failure(String errorClass, String example) {
        failure(errorClass);
        List<String> examples = examplesByClass.computeIfAbsent(errorClass,
                c -> Collections.synchronizedList(new ArrayList<>()));
        if (examples.size() < EXAMPLES) {
            examples.add(example);
        }
    }

    /** A failure with an example and the message the server gave with it; the first message of a class is kept. */
    public void failure(String errorClass, String example, String message) {
        failure(errorClass, example);
        if (message != null && !message.isBlank() && !messagesByClass.containsKey(errorClass)) {
            messagesByClass.putIfAbsent(errorClass, message.length() > 300 ? message.substring(0, 300) + "..."
                    : message);
        }
    }

    /** Whether an operation of {@code latencyNanos} is among the cell's slowest so far: then name it. */
    public boolean slowEnough(long latencyNanos) {
        return notable.slowEnough(latencyNanos);
    }

    /** Names one of the slowest operations ({@link #slowEnough}). */
    public void keepSlow(NamedRequest request) {
        notable.keep(request);
    }

    /**
     * An operation that began at {@code startNanos} ({@link System#nanoTime()}) failed now because the store could
     * not be reached: an outage begins or goes on.
     */
    public void unreachable(long startNanos) {
        notable.unreachable(startNanos, System.nanoTime());
    }

    /**
     * An upload (a PUT, a part) took {@code sendNanos} to send its body and {@code commitNanos} from its last byte
     * to the answer.
     */
    public void writeSplit(long sendNanos, long commitNanos) {
        if (commit == null) {
            synchronized (this) {
                if (commit == null) {
                    send = new Recorder(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
                    commit = new Recorder(LOWEST_NANOS, HIGHEST_NANOS, DIGITS);
                }
            }
        }
        send.recordValue(clamp(sendNanos));
        commit.recordValue(clamp(commitNanos));
    }

    /** Whether an outage is open: then a success should say when it began ({@link #reached}). */
    public boolean down() {
        return notable.down();
    }

    /** An operation that began at {@code startNanos} succeeded: an outage it began in is over. */
    public void reached(long startNanos) {
        notable.reached(startNanos);
    }

    /** Whether a failure of {@code errorClass} is among the first of its class: then name it. */
    public boolean wantsFailure(String errorClass) {
        return notable.wantsFailure(errorClass);
    }

    /** Names one of the first failures of its class ({@link #wantsFailure}). */
    public void keepFailure(NamedRequest failure) {
        notable.keepFailure(failure);
    }

    /**
     * Folds what was recorded since the last sample into the totals, keeps the interval as a {@link Snapshot} of
     * the cell's timeline, and returns the interval's counts.
     */
    public Interval sample() {
        latencyInterval = latency.getIntervalHistogram(latencyInterval);
        ttfbInterval = ttfb.getIntervalHistogram(ttfbInterval);
        uncorrectedInterval = uncorrected.getIntervalHistogram(uncorrectedInterval);
        latencyTotal.add(latencyInterval);
        ttfbTotal.add(ttfbInterval);
        uncorrectedTotal.add(uncorrectedInterval);
        long now = System.nanoTime();
        long ops = operations.sum();
        long byteCount = bytes.sum();
        long errorCount = errors.sum();
        Map<String, Long> byClass = new HashMap<>();
        errorsByClass.forEach((c, n) -> byClass.put(c, n.sum()));
        Interval interval = new Interval(ops - sampledOperations, byteCount - sampledBytes,
                errorCount - sampledErrors, ops, errorCount, latencyInterval.copy(), ttfbInterval.copy(),
                uncorrectedInterval.copy(), byClass, counts());
        EnumMap<Percentile, Long> stats = new EnumMap<>(Percentile.class);
        if (latencyInterval.getTotalCount() > 0) {
            for (Percentile p : Percentile.values()) {
                stats.put(p, switch (p) {
                    case AVG -> Math.round(latencyInterval.getMean());
                    case MAX -> latencyInterval.getMaxValue();
                    default -> latencyInterval.getValueAtPercentile(p.percentile());
                });
            }
        }
        timeline.add(new Snapshot(now - startNanos, System.currentTimeMillis(), now - sampledNanos,
                interval.operations(), interval.bytes(), interval.errors(), stats));
        sampledNanos = now;
        sampledOperations = ops;
        sampledBytes = byteCount;
        sampledErrors = errorCount;
        return interval;
    }

    /** The cell's final figures; call once, after every worker has stopped. */
    public CellStats finish(long wallNanos, long cpuNanos, long allocatedBytes) {
        sample();
        Map<String, Long> byClass = new HashMap<>();
        errorsByClass.forEach((c, n) -> byClass.put(c, n.sum()));
        Map<String, List<String>> examples = new HashMap<>();
        examplesByClass.forEach((c, list) -> examples.put(c, List.copyOf(list.subList(0, Math.min(EXAMPLES,
                list.size())))));
        return new CellStats(key, sampledOperations, sampledBytes, items.sum(), new CellStats.Failures(sampledErrors,
                byClass, examples, Map.copyOf(messagesByClass)), new CellStats.Latencies(latencyTotal.copy(),
                ttfbTotal.copy(), uncorrectedTotal.copy(), bySize == null ? List.of() : bySize.finish(),
                commit == null ? WriteSplit.empty()
                        : new WriteSplit(send.getIntervalHistogram(), commit.getIntervalHistogram())),
                new CellStats.Time(wallNanos, cpuNanos, allocatedBytes, firstRequestNanos, Double.NaN), counts(),
                timeline, null, notable.finish(), null);
    }

    private static long clamp(long nanos) {
        return Math.min(Math.max(nanos, LOWEST_NANOS), HIGHEST_NANOS);
    }

    /**
     * One sampling interval: its counts, the running totals (errors by class, and the {@link CellCount}s), and copies of its latency, time-to-first-byte and (open loop) uncorrected latency histograms, for
     * reporters that export distributions: Prometheus, HdrHistogram logs.
     */
    public record Interval(long operations, long bytes, long errors, long totalOperations, long totalErrors,
                           Histogram latency, Histogram ttfb, Histogram uncorrected,
                           Map<String, Long> totalErrorsByClass, CellCounts totals) {

        public Interval {
            totalErrorsByClass = Map.copyOf(totalErrorsByClass);
        }
    }
}
