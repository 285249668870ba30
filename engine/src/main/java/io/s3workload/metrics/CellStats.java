package io.s3workload.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * The final figures of one cell. Latencies are in nanoseconds; failed operations are counted by error class and
 * kept out of the latency histograms. Throughput is over the cell's measured wall time.
 *
 * @param items    things handled besides bytes: keys listed
 * @param examples a few examples (keys, offsets) of some error classes
 * @param ttfb     time to first byte; empty (total count 0) for operations without a body to read
 * @param cpuNanos CPU time the whole process used during the cell (an in-process server's included), -1 if unknown
 * @param allocatedBytes heap bytes the whole process allocated during the cell, -1 if unknown
 * @param uncorrected open loop only: latency from each operation's actual start ({@link #latency} counts from
 *                    its intended start); empty for a closed loop
 * @param late        open loop only: operations that started more than the late threshold after they were due
 * @param timeline    one {@link Snapshot} per second of the cell (the last one shorter)
 * @param retries     attempts repeated under {@code retries:} (each operation still counts once, as a success or
 *                    as its last attempt's error)
 * @param stableAfterSeconds when {@code stopWhenStable} ended the cell, its seconds; NaN when it ran its course
 * @param messages the first message the server (or the client library) gave with each error class, where it gave
 *                 one: "Please reduce your request rate.", "No writable volumes"
 * @param firstRequestNanos a request made before the measured ones and kept out of them, because it carried the
 *                          client's own start (connection set-up, class loading): how long it took; -1: none
 * @param access   for a reading cell whose stage picks keys by a distribution other than in turn: the skew it
 *                 offered; null otherwise
 * @param bySize   for a cell whose objects come in several sizes: latency per size bucket; empty otherwise
 * @param notable  its slowest operations and first failures of each class, named with the server's request ids,
 *                 and the windows its store could not be reached
 * @param server   what its store counted itself over the cell, from its metrics; null when they were not read
 * @param writes   where its uploads' time went: sending the body, then the server's commit; empty otherwise
 * @param capped   open loop only: of the {@code late} operations, those already late when a worker became free to
 *                 start them: every worker was busy until then, so the stage's concurrency, not the client's clock,
 *                 made them late
 */
public record CellStats(CellKey key, long operations, long bytes, long errors, long items,
                        Map<String, Long> errorsByClass,
                        Map<String, List<String>> examples, Histogram latency, Histogram ttfb, long wallNanos,
                        long cpuNanos, long allocatedBytes, Histogram uncorrected, long late,
                        List<Snapshot> timeline, long retries, double stableAfterSeconds,
                        Map<String, String> messages, long firstRequestNanos, AccessStats access,
                        List<SizeBucketStats> bySize, Notable notable, ServerView server,
                        WriteSplit writes, long capped) {

    /** A cell whose late starts are not told apart (none capped). */
    public CellStats(CellKey key, long operations, long bytes, long errors, long items,
                     Map<String, Long> errorsByClass,
                     Map<String, List<String>> examples, Histogram latency, Histogram ttfb, long wallNanos,
                     long cpuNanos, long allocatedBytes, Histogram uncorrected, long late,
                     List<Snapshot> timeline, long retries, double stableAfterSeconds,
                     Map<String, String> messages, long firstRequestNanos, AccessStats access,
                     List<SizeBucketStats> bySize, Notable notable, ServerView server,
                     WriteSplit writes) {
        this(key, operations, bytes, errors, items, errorsByClass, examples, latency, ttfb, wallNanos, cpuNanos,
                allocatedBytes, uncorrected, late, timeline, retries, stableAfterSeconds, messages, firstRequestNanos,
                access, bySize, notable, server, writes, 0);
    }

    /** A cell that names no operation. */
    public CellStats(CellKey key, long operations, long bytes, long errors, long items, Map<String, Long> errorsByClass,
                     Map<String, List<String>> examples, Histogram latency, Histogram ttfb, long wallNanos,
                     long cpuNanos, long allocatedBytes, Histogram uncorrected, long late, List<Snapshot> timeline,
                     long retries, double stableAfterSeconds, Map<String, String> messages, long firstRequestNanos,
                     AccessStats access, List<SizeBucketStats> bySize) {
        this(key, operations, bytes, errors, items, errorsByClass, examples, latency, ttfb, wallNanos, cpuNanos,
                allocatedBytes, uncorrected, late, timeline, retries, stableAfterSeconds, messages, firstRequestNanos,
                access, bySize, Notable.NONE, null, WriteSplit.empty());
    }

    /** This cell with the skew its reads offered. */
    public CellStats withAccess(AccessStats offered) {
        return new CellStats(key, operations, bytes, errors, items, errorsByClass, examples, latency, ttfb, wallNanos,
                cpuNanos, allocatedBytes, uncorrected, late, timeline, retries, stableAfterSeconds, messages,
                firstRequestNanos, offered, bySize, notable, server, writes, capped);
    }

    /** This cell with what its store counted over it. */
    public CellStats withServer(ServerView view) {
        return new CellStats(key, operations, bytes, errors, items, errorsByClass, examples, latency, ttfb, wallNanos,
                cpuNanos, allocatedBytes, uncorrected, late, timeline, retries, stableAfterSeconds, messages,
                firstRequestNanos, access, bySize, notable, view, writes, capped);
    }

    /** Errors that are the server asking to slow down (HTTP 503 SlowDown, 429), apart from the others. */
    public long throttled() {
        return errorsByClass.entrySet().stream().filter(e -> isThrottling(e.getKey())).mapToLong(Map.Entry::getValue)
                .sum();
    }

    public static boolean isThrottling(String errorClass) {
        return errorClass.startsWith("HTTP 503") || errorClass.startsWith("HTTP 429")
                || errorClass.contains("SlowDown");
    }

    /** An open-loop operation that starts more than this after it was due counts as late. */
    public static final int LATE_MILLIS = 10;

    public CellStats {
        bySize = bySize == null ? List.of() : List.copyOf(bySize);
        notable = notable == null ? Notable.NONE : notable;
        writes = writes == null ? WriteSplit.empty() : writes;
        errorsByClass = Map.copyOf(errorsByClass);
        examples = Map.copyOf(examples);
        messages = messages == null ? Map.of() : Map.copyOf(messages);
        timeline = List.copyOf(timeline);
    }

    /**
     * Several runs of the same cell added up exactly: counts and histograms summed, wall times too (so rates are
     * over the time the cells ran); the timeline is left out. CPU and allocation are summed when all are known.
     */
    public static CellStats sum(List<CellStats> cells) {
        CellStats first = cells.get(0);
        Histogram latency = first.latency.copy();
        Histogram ttfb = first.ttfb.copy();
        Histogram uncorrected = first.uncorrected.copy();
        long operations = 0, bytes = 0, errors = 0, items = 0, wall = 0, cpu = 0, allocated = 0, late = 0;
        long retries = 0, capped = 0;
        long firstRequest = -1;
        AccessStats access = null;
        List<SizeBucketStats> bySize = first.bySize;
        Map<String, Long> byClass = new HashMap<>();
        Map<String, List<String>> examples = new HashMap<>();
        Map<String, String> messages = new HashMap<>();
        List<Notable> notable = new ArrayList<>();
        WriteSplit writes = WriteSplit.empty();
        for (int i = 0; i < cells.size(); i++) {
            CellStats c = cells.get(i);
            if (i > 0) {
                latency.add(c.latency);
                ttfb.add(c.ttfb);
                uncorrected.add(c.uncorrected);
            }
            operations += c.operations;
            bytes += c.bytes;
            errors += c.errors;
            items += c.items;
            wall += c.wallNanos;
            cpu = cpu < 0 || c.cpuNanos < 0 ? -1 : cpu + c.cpuNanos;
            allocated = allocated < 0 || c.allocatedBytes < 0 ? -1 : allocated + c.allocatedBytes;
            late += c.late;
            capped += c.capped;
            retries += c.retries;
            firstRequest = Math.max(firstRequest, c.firstRequestNanos);
            access = c.access == null ? access : access == null ? c.access : access.plus(c.access);
            if (i > 0) {
                bySize = plus(bySize, c.bySize);
            }
            c.errorsByClass.forEach((k, v) -> byClass.merge(k, v, Long::sum));
            c.examples.forEach((k, v) -> examples.putIfAbsent(k, v));
            c.messages.forEach((k, v) -> messages.putIfAbsent(k, v));
            notable.add(c.notable);
            writes = writes.plus(c.writes);
        }
        return new CellStats(first.key, operations, bytes, errors, items, byClass, examples, latency, ttfb, wall, cpu,
                allocated, uncorrected, late, List.of(), retries, Double.NaN, messages, firstRequest, access, bySize,
                Notable.sum(notable), ServerView.merged(cells.stream().map(CellStats::server)
                        .filter(Objects::nonNull).toList()), writes, capped);
    }

    /** Two cells' size buckets added up, bucket by bucket (the same buckets: the same size spec). */
    private static List<SizeBucketStats> plus(List<SizeBucketStats> a, List<SizeBucketStats> b) {
        if (a.isEmpty() || b.isEmpty() || a.size() != b.size()) {
            return a.isEmpty() ? b : a;
        }
        List<SizeBucketStats> sum = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            sum.add(a.get(i).plus(b.get(i)));
        }
        return sum;
    }

    /**
     * This cell over {@code wallNanos} with {@code timeline} as its seconds (a merge re-cuts several runs' series
     * into the wall-clock seconds they spanned together).
     */
    public CellStats spanning(long wallNanos, List<Snapshot> timeline) {
        return new CellStats(key, operations, bytes, errors, items, errorsByClass, examples, latency, ttfb, wallNanos,
                cpuNanos, allocatedBytes, uncorrected, late, timeline, retries, stableAfterSeconds, messages,
                firstRequestNanos, access, bySize, notable, server, writes, capped);
    }

    /** Whether the cell ended before its duration because its throughput held still ({@code stopWhenStable}). */
    public boolean stoppedWhenStable() {
        return !Double.isNaN(stableAfterSeconds);
    }

    /** This cell, ended by {@code stopWhenStable} after {@code seconds}. */
    public CellStats stoppedWhenStable(double seconds) {
        return new CellStats(key, operations, bytes, errors, items, errorsByClass, examples, latency, ttfb, wallNanos,
                cpuNanos, allocatedBytes, uncorrected, late, timeline, retries, seconds, messages, firstRequestNanos,
                access, bySize, notable, server, writes, capped);
    }

    /** Whether the cell ran open loop (at a rate), so that {@link #uncorrected} means something. */
    public boolean openLoop() {
        return uncorrected.getTotalCount() > 0;
    }

    public long attempted() {
        return operations + errors;
    }

    public double seconds() {
        return wallNanos / 1e9;
    }

    public double opsPerSecond() {
        return wallNanos == 0 ? 0 : operations / seconds();
    }

    public double itemsPerSecond() {
        return wallNanos == 0 ? 0 : items / seconds();
    }

    public double bytesPerSecond() {
        return wallNanos == 0 ? 0 : bytes / seconds();
    }

    /** Errors over attempted operations, in percent. */
    public double errorPercent() {
        return attempted() == 0 ? 0 : 100.0 * errors / attempted();
    }

    /** Operations the server refused as throttling over attempted operations, in percent. */
    public double throttledPercent() {
        return attempted() == 0 ? 0 : 100.0 * throttled() / attempted();
    }

    /** Process CPU seconds per GiB moved, or NaN when unknown or nothing moved. */
    public double cpuSecondsPerGiB() {
        return cpuNanos < 0 || bytes == 0 ? Double.NaN : cpuNanos / 1e9 / (bytes / (1024.0 * 1024 * 1024));
    }

    /** Average number of cores busy during the cell. */
    public double coresBusy() {
        return cpuNanos < 0 || wallNanos == 0 ? Double.NaN : (double) cpuNanos / wallNanos;
    }

    /**
     * Heap bytes allocated per successful operation (everything in the process, the client library included), on the
     * footing of the rates and CPU figures.
     */
    public double allocatedPerOperation() {
        return allocatedBytes < 0 || operations == 0 ? Double.NaN : (double) allocatedBytes / operations;
    }

    public boolean hasTtfb() {
        return ttfb.getTotalCount() > 0;
    }
}
