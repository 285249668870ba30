package io.s3workload.metrics;

import io.s3workload.metrics.cost.ServerView;
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
 * @param items     things handled besides bytes: keys listed
 * @param failures  its failed operations by error class, with examples and the servers' messages
 * @param latencies its latency histograms: whole, to the first byte, uncorrected, by size, and its uploads' split
 * @param time      how long it ran and what the process spent meanwhile
 * @param counts    what it counted beside its operations ({@link CellCount}: late and capped starts, retries)
 * @param timeline  one {@link Snapshot} per second of the cell (the last one shorter)
 * @param access    for a reading cell whose stage picks keys by a distribution other than in turn: the skew it
 *                  offered; null otherwise
 * @param notable   its slowest operations and first failures of each class, named with the server's request ids,
 *                  and the windows its store could not be reached
 * @param server    what its store counted itself over the cell, from its metrics; null when they were not read
 */
public record CellStats(CellKey key, long operations, long bytes, long items, Failures failures,
                        Latencies latencies, Time time, CellCounts counts, List<Snapshot> timeline,
                        AccessStats access, Notable notable, ServerView server) {

    /**
     * A cell's failed operations.
     *
     * @param count    how many
     * @param byClass  how many of each error class
     * @param examples a few examples (keys, offsets) of some error classes
     * @param messages the first message the server (or the client library) gave with each error class, where it
     *                 gave one: "Please reduce your request rate.", "No writable volumes"
     */
    public record Failures(long count, Map<String, Long> byClass, Map<String, List<String>> examples,
                           Map<String, String> messages) {

        public static final Failures NONE = new Failures(0, Map.of(), Map.of(), Map.of());

        public Failures {
            byClass = Map.copyOf(byClass);
            examples = Map.copyOf(examples);
            messages = messages == null ? Map.of() : Map.copyOf(messages);
        }

        /** Several cells' failures added up: counts summed, the first examples and message of each class kept. */
        static Failures sum(List<Failures> all) {
            long count = 0;
            Map<String, Long> byClass = new HashMap<>();
            Map<String, List<String>> examples = new HashMap<>();
            Map<String, String> messages = new HashMap<>();
            for (Failures f : all) {
                count += f.count;
                f.byClass.forEach((k, v) -> byClass.merge(k, v, Long::sum));
                f.examples.forEach(examples::putIfAbsent);
                f.messages.forEach(messages::putIfAbsent);
            }
            return new Failures(count, byClass, examples, messages);
        }
    }

    /**
     * A cell's latency histograms.
     *
     * @param latency     from each operation's start (open loop: its intended start)
     * @param ttfb        time to first byte; empty (total count 0) for operations without a body to read
     * @param uncorrected open loop only: latency from each operation's actual start; empty for a closed loop
     * @param bySize      for a cell whose objects come in several sizes: latency per size bucket; empty otherwise
     * @param writes      where its uploads' time went: sending the body, then the server's commit; empty otherwise
     */
    public record Latencies(Histogram latency, Histogram ttfb, Histogram uncorrected, List<SizeBucketStats> bySize,
                            WriteSplit writes) {

        public Latencies {
            bySize = bySize == null ? List.of() : List.copyOf(bySize);
            writes = writes == null ? WriteSplit.empty() : writes;
        }

        /** Several cells' latencies added up exactly (size buckets where all have the same buckets). */
        static Latencies sum(List<Latencies> all) {
            Latencies first = all.get(0);
            Histogram latency = first.latency.copy();
            Histogram ttfb = first.ttfb.copy();
            Histogram uncorrected = first.uncorrected.copy();
            List<SizeBucketStats> bySize = first.bySize;
            WriteSplit writes = first.writes;
            for (Latencies l : all.subList(1, all.size())) {
                latency.add(l.latency);
                ttfb.add(l.ttfb);
                uncorrected.add(l.uncorrected);
                bySize = plus(bySize, l.bySize);
                writes = writes.plus(l.writes);
            }
            return new Latencies(latency, ttfb, uncorrected, bySize, writes);
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
    }

    /**
     * How long a cell ran and what the process spent meanwhile.
     *
     * @param wallNanos          its measured wall time
     * @param cpuNanos           CPU time the whole process used during the cell (an in-process server's included),
     *                           -1 if unknown
     * @param allocatedBytes     heap bytes the whole process allocated during the cell, -1 if unknown
     * @param firstRequestNanos  a request made before the measured ones and kept out of them, because it carried
     *                           the client's own start (connection set-up, class loading): how long it took; -1: none
     * @param stableAfterSeconds when {@code stopWhenStable} ended the cell, its seconds; NaN when it ran its course
     */
    public record Time(long wallNanos, long cpuNanos, long allocatedBytes, long firstRequestNanos,
                       double stableAfterSeconds) {

        /** A cell's wall, CPU and allocation, with no first request and not stopped when stable. */
        public static Time of(long wallNanos, long cpuNanos, long allocatedBytes) {
            return new Time(wallNanos, cpuNanos, allocatedBytes, -1, Double.NaN);
        }

        /** Several runs' times added up: wall times summed, CPU and allocation when all are known. */
        static Time sum(List<Time> all) {
            long wall = 0, cpu = 0, allocated = 0, firstRequest = -1;
            for (Time t : all) {
                wall += t.wallNanos;
                cpu = cpu < 0 || t.cpuNanos < 0 ? -1 : cpu + t.cpuNanos;
                allocated = allocated < 0 || t.allocatedBytes < 0 ? -1 : allocated + t.allocatedBytes;
                firstRequest = Math.max(firstRequest, t.firstRequestNanos);
            }
            return new Time(wall, cpu, allocated, firstRequest, Double.NaN);
        }
    }

    /** This cell with the skew its reads offered. */
    public CellStats withAccess(AccessStats offered) {
        return new CellStats(key, operations, bytes, items, failures, latencies, time, counts, timeline, offered,
                notable, server);
    }

    /** This cell with what its store counted over it. */
    public CellStats withServer(ServerView view) {
        return new CellStats(key, operations, bytes, items, failures, latencies, time, counts, timeline, access,
                notable, view);
    }

    public long errors() {
        return failures.count();
    }

    public Map<String, Long> errorsByClass() {
        return failures.byClass();
    }

    public Map<String, List<String>> examples() {
        return failures.examples();
    }

    public Map<String, String> messages() {
        return failures.messages();
    }

    public Histogram latency() {
        return latencies.latency();
    }

    public Histogram ttfb() {
        return latencies.ttfb();
    }

    public Histogram uncorrected() {
        return latencies.uncorrected();
    }

    public List<SizeBucketStats> bySize() {
        return latencies.bySize();
    }

    public WriteSplit writes() {
        return latencies.writes();
    }

    public long wallNanos() {
        return time.wallNanos();
    }

    public long cpuNanos() {
        return time.cpuNanos();
    }

    public long allocatedBytes() {
        return time.allocatedBytes();
    }

    public long firstRequestNanos() {
        return time.firstRequestNanos();
    }

    public double stableAfterSeconds() {
        return time.stableAfterSeconds();
    }

    /** Open-loop operations that started more than {@link #LATE_MILLIS} after they were due. */
    public long late() {
        return counts.get(CellCount.LATE_STARTS);
    }

    /**
     * Of the {@link #late} operations, those already late when a worker became free to start them: every worker
     * was busy until then, so the stage's concurrency, not the client's clock, made them late.
     */
    public long capped() {
        return counts.get(CellCount.CAPPED_STARTS);
    }

    /**
     * Attempts repeated under {@code retries:} (each operation still counts once, as a success or as its last
     * attempt's error).
     */
    public long retries() {
        return counts.get(CellCount.RETRIES);
    }

    /** Errors that are the server asking to slow down (HTTP 503 SlowDown, 429), apart from the others. */
    public long throttled() {
        return failures.byClass().entrySet().stream().filter(e -> isThrottling(e.getKey())).mapToLong(Map.Entry::getValue)
                .sum();
    }

    public static boolean isThrottling(String errorClass) {
        return errorClass.startsWith("HTTP 503") || errorClass.startsWith("HTTP 429")
                || errorClass.contains("SlowDown");
    }

    /** An open-loop operation that starts more than this after it was due counts as late. */
    public static final int LATE_MILLIS = 10;

    public CellStats {
        notable = notable == null ? Notable.NONE : notable;
        counts = counts == null ? CellCounts.NONE : counts;
        timeline = List.copyOf(timeline);
    }

    /**
     * Several runs of the same cell added up exactly: counts and histograms summed, wall times too (so rates are
     * over the time the cells ran); the timeline is left out. CPU and allocation are summed when all are known.
     */
    public static CellStats sum(List<CellStats> cells) {
        long operations = 0, bytes = 0, items = 0;
        CellCounts counts = CellCounts.NONE;
        AccessStats access = null;
        for (CellStats c : cells) {
            operations += c.operations;
            bytes += c.bytes;
            items += c.items;
            counts = counts.plus(c.counts);
            access = c.access == null ? access : access == null ? c.access : access.plus(c.access);
        }
        return new CellStats(cells.get(0).key, operations, bytes, items,
                Failures.sum(cells.stream().map(CellStats::failures).toList()),
                Latencies.sum(cells.stream().map(CellStats::latencies).toList()),
                Time.sum(cells.stream().map(CellStats::time).toList()), counts, List.of(), access,
                Notable.sum(cells.stream().map(CellStats::notable).toList()),
                ServerView.merged(cells.stream().map(CellStats::server).filter(Objects::nonNull).toList()));
    }

    /**
     * This cell over {@code wallNanos} with {@code timeline} as its seconds (a merge re-cuts several runs' series
     * into the wall-clock seconds they spanned together).
     */
    public CellStats spanning(long wallNanos, List<Snapshot> timeline) {
        return new CellStats(key, operations, bytes, items, failures, latencies, new Time(wallNanos, time.cpuNanos(),
                time.allocatedBytes(), time.firstRequestNanos(), time.stableAfterSeconds()), counts, timeline, access,
                notable, server);
    }

    /** Whether the cell ended before its duration because its throughput held still ({@code stopWhenStable}). */
    public boolean stoppedWhenStable() {
        return !Double.isNaN(time.stableAfterSeconds());
    }

    /** This cell, ended by {@code stopWhenStable} after {@code seconds}. */
    public CellStats stoppedWhenStable(double seconds) {
        return new CellStats(key, operations, bytes, items, failures, latencies, new Time(time.wallNanos(),
                time.cpuNanos(), time.allocatedBytes(), time.firstRequestNanos(), seconds), counts, timeline, access,
                notable, server);
    }

    /** Whether the cell ran open loop (at a rate), so that {@link #uncorrected} means something. */
    public boolean openLoop() {
        return latencies.uncorrected().getTotalCount() > 0;
    }

    public long attempted() {
        return operations + errors();
    }

    public double seconds() {
        return time.wallNanos() / 1e9;
    }

    public double opsPerSecond() {
        return wallNanos() == 0 ? 0 : operations / seconds();
    }

    public double itemsPerSecond() {
        return wallNanos() == 0 ? 0 : items / seconds();
    }

    public double bytesPerSecond() {
        return wallNanos() == 0 ? 0 : bytes / seconds();
    }

    /** Errors over attempted operations, in percent. */
    public double errorPercent() {
        return attempted() == 0 ? 0 : 100.0 * errors() / attempted();
    }

    /** Operations the server refused as throttling over attempted operations, in percent. */
    public double throttledPercent() {
        return attempted() == 0 ? 0 : 100.0 * throttled() / attempted();
    }

    /** Process CPU seconds per GiB moved, or NaN when unknown or nothing moved. */
    public double cpuSecondsPerGiB() {
        return cpuNanos() < 0 || bytes == 0 ? Double.NaN : cpuNanos() / 1e9 / (bytes / (1024.0 * 1024 * 1024));
    }

    /** Average number of cores busy during the cell. */
    public double coresBusy() {
        return cpuNanos() < 0 || wallNanos() == 0 ? Double.NaN : (double) cpuNanos() / wallNanos();
    }

    /**
     * Heap bytes allocated per successful operation (everything in the process, the client library included), on the
     * footing of the rates and CPU figures.
     */
    public double allocatedPerOperation() {
        return allocatedBytes() < 0 || operations == 0 ? Double.NaN : (double) allocatedBytes() / operations;
    }

    public boolean hasTtfb() {
        return latencies.ttfb().getTotalCount() > 0;
    }
}
