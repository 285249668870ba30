package io.s3workload.report.console;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.AccessStats;
import io.s3workload.metrics.CellCount;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.NamedRequest;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.Outage;
import io.s3workload.metrics.SizeBucketStats;
import io.s3workload.metrics.cost.ProcessCost;
import io.s3workload.metrics.cost.ServerView;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * A cell's console block in the t3-validator's shape: attempts and time, latency, TTFB, an open loop's schedule,
 * throughput with what succeeded and failed, the process's CPU, errors by class, throttling and retries.
 */
public final class CellBlock {

    /**
     * Whose CPU the process's is: with the S3 server in this process (--embedded) the client's and the server's
     * together; {@code cpus} is how many the process may use, which bounds the cores it can keep busy.
     */
    public record Cpu(boolean serverInProcess, int cpus, long resolutionNanos) {

        static Cpu ofThisProcess(boolean serverInProcess) {
            return new Cpu(serverInProcess, Runtime.getRuntime().availableProcessors(),
                    ProcessCost.cpuResolutionNanos());
        }

        String whose() {
            return serverInProcess ? "client + embedded server CPU" : "process CPU";
        }

        /**
         * The average cores busy over the cell, at most the CPUs the process may use: a short cell's CPU time,
         * read at the edges of a scheduler period, can come out a little above.
         */
        double coresBusy(CellStats cell) {
            return Math.min(cell.coresBusy(), cpus);
        }
    }

    private CellBlock() {
    }

    static String of(CellStats cell, boolean showEndpoint, Cpu cpu) {
        return of(cell, showEndpoint, cpu, 0);
    }

    /**
     * A cell's block; {@code plannedNanos} is how long a duration-bound cell started operations (0: count-bound), said
     * when the requests in flight at its end made its time longer: {@code (324 attempts in 3.5s: started for 3.0s,
     * then the requests in flight ended)}.
     */
    static String of(CellStats cell, boolean showEndpoint, Cpu cpu, long plannedNanos) {
        StringBuilder b = new StringBuilder(heading(cell, showEndpoint, plannedNanos));
        latencies(b, cell);
        b.append("    Throughput - ").append(throughput(cell));
        if (cell.access() != null) {
            b.append("\n    Access     - ").append(access(cell.access()));
        }
        if (cell.cpuNanos() >= 0) {
            b.append("\n    CPU        - ").append(cpuLine(cell, cpu));
        }
        errors(b, cell);
        outages(b, cell);
        server(b, cell);
        slowest(b, cell, showEndpoint);
        return b.toString();
    }

    /** {@code GET 4 KiB  (324 attempts in 3.5s ...)}: what the cell ran, and for how long. */
    private static String heading(CellStats cell, boolean showEndpoint, long plannedNanos) {
        StringBuilder b = new StringBuilder();
        b.append("  ").append(cell.key().label()).append(showEndpoint ? " on " + cell.key().endpoint() : "")
                .append("  (").append(cell.attempted()).append(cell.attempted() == 1 ? " attempt in " : " attempts in ")
                .append(Units.seconds(cell.wallNanos()))
                .append(plannedNanos > 0 && !cell.stoppedWhenStable() && cell.wallNanos() - plannedNanos > Math.max(
                        50_000_000L, plannedNanos / 50) ? ": started for " + Units.seconds(plannedNanos)
                        + ", then the requests in flight ended" : "")
                .append(cell.stoppedWhenStable() ? ", stopped early: throughput stable" : "").append(")\n");
        return b.toString();
    }

    /** Latency, TTFB, an upload's send and commit, by size, and an open loop's uncorrected latency and schedule. */
    private static void latencies(StringBuilder b, CellStats cell) {
        if (cell.latency().getTotalCount() > 0) {
            b.append("    Latency    - ").append(stats(cell.latency())).append('\n');
        }
        if (cell.hasTtfb()) {
            b.append("    TTFB       - ").append(stats(cell.ttfb())).append('\n');
        }
        if (!cell.writes().isEmpty()) {
            // where uploads' time went: sending the body, then the server's commit (from its last byte)
            b.append("    Send       - ").append(stats(cell.writes().send())).append("  (request start to the body's"
                    + " last byte)\n");
            b.append("    Commit     - ").append(stats(cell.writes().commit())).append("  (last byte to the answer")
                    .append(cell.writes().commit().getTotalCount() != cell.operations()
                            ? ", " + Units.count(cell.writes().commit().getTotalCount(), "upload") : "")
                    .append(")\n");
        }
        bySize(b, cell);
        if (cell.openLoop()) {
            b.append("    Uncorrected- ").append(stats(cell.uncorrected())).append("  (from the actual start)\n");
            b.append("    Schedule   - ").append(cell.late()).append(" of ").append(cell.attempted())
                    .append(" operations started more than ").append(CellStats.LATE_MILLIS).append(" ms late")
                    .append(cell.capped() > 0 ? " (" + cell.capped() + " with their worker still busy: the"
                            + " concurrency capped them)" : "")
                    .append("; latency and TTFB above count from the scheduled start\n");
        }
    }

    /** The throughput line in the op's own terms (deletes, pages and keys, copies, bytes), and the counts. */
    private static String throughput(CellStats cell) {
        StringBuilder b = new StringBuilder();
        String counts = cell.operations() + " ok, " + Units.count(cell.errors(), "error");
        b.append(switch (cell.key().op()) {
            case DELETE -> cell.items() == 0 ? Units.rate(cell.opsPerSecond()) + " deletes/s | " + counts
                    : Units.rate(cell.opsPerSecond()) + " DeleteObjects/s | " + Units.rate(cell.itemsPerSecond())
                    + " keys/s | " + String.format("%,d", cell.items()) + (cell.items() == 1 ? " key in " : " keys in ")
                    + Units.count(cell.operations(), "request") + " ok, " + Units.count(cell.errors(), "error");
            case HEAD, HEAD_BUCKET, CREATE_MULTIPART, COMPLETE_MULTIPART, ABORT_MULTIPART ->
                    Units.rate(cell.opsPerSecond()) + " ops/s | " + counts;
            case LIST -> Units.rate(cell.opsPerSecond()) + " pages/s | " + Units.rate(cell.itemsPerSecond())
                    + " keys/s | " + Units.count(cell.items(), "key") + " in " + Units.count(cell.operations(), "page")
                    + " ok, " + Units.count(cell.errors(), "error");
            case COPY -> Units.mibPerSecond(cell.bytesPerSecond()) + " copied on the server | "
                    + Units.rate(cell.opsPerSecond()) + " copies/s | " + counts;
            case PUT, GET, RANGE_GET, MIX, HTTP_GET, UPLOAD_PART, APPEND -> Units.gbps(cell.bytesPerSecond()) + " | "
                    + Units.mibPerSecond(cell.bytesPerSecond()) + " | " + Units.rate(cell.opsPerSecond()) + " ops/s | "
                    + counts;
        });
        if (cell.key().op() == Op.RANGE_GET && cell.operations() > 0
                && cell.bytes() != cell.operations() * cell.key().size().maxBytes()) {
            // ops/s x size is not MiB/s here: a source that is not a whole number of chunks ends in a shorter one
            b.append(" | ").append(DataSize.ofBytes(cell.bytes() / cell.operations()))
                    .append(" a range on average (a source's last chunk is shorter)");
        }
        return b.toString();
    }

    /** The errors by class with examples, the servers' messages, throttling, and the attempts repeated. */
    private static void errors(StringBuilder b, CellStats cell) {
        if (!cell.errorsByClass().isEmpty()) {
            b.append("\n    Errors     - ").append(cell.errorsByClass().entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .map(e -> e.getKey() + ": " + e.getValue() + examples(cell.examples().get(e.getKey())))
                    .collect(Collectors.joining(", ")));
            cell.messages().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(m -> b
                    .append("\n    Message    - ").append(m.getKey()).append(": \"").append(m.getValue())
                    .append("\" (the first)"));
            if (cell.throttled() > 0) {
                b.append(String.format(Locale.ROOT, "\n    Throttled  - %d of %d attempted (%.2f%%): the server"
                        + " asked to slow down", cell.throttled(), cell.attempted(),
                        100.0 * cell.throttled() / cell.attempted()));
            }
        }
        for (CellCount count : CellCount.ALL) {
            if (count.consoleLabel != null && cell.counts().get(count) > 0) {
                b.append(String.format(Locale.ROOT, "\n    %-11s- %d %s", count.consoleLabel,
                        cell.counts().get(count), count.consoleWords));
            }
        }
    }

    /**
     * The windows the store could not be reached, one line each, after a line of the store's availability over
     * the cell: {@code Outages    - 1 window, unreachable 3.21 s of 20.0 s (84.0% available)}.
     */
    private static void outages(StringBuilder b, CellStats cell) {
        List<Outage> outages = cell.notable().outages();
        if (outages.isEmpty()) {
            return;
        }
        long end = cell.timeline().isEmpty() ? 0 : cell.timeline().get(cell.timeline().size() - 1).epochMillis();
        long down = outages.stream().mapToLong(o -> Math.max(0, o.millis(Math.max(end, o.fromEpochMillis())))).sum();
        double wallMillis = cell.wallNanos() / 1e6;
        b.append(String.format(Locale.ROOT, "\n    Outages    - %d window%s, unreachable %s of %s (%.1f%% available),"
                        + " %d operations refused", outages.size(), outages.size() == 1 ? "" : "s",
                Units.seconds(down * 1_000_000), Units.seconds(cell.wallNanos()),
                wallMillis <= 0 ? 100.0 : Math.max(0, 100.0 * (1 - down / wallMillis)),
                outages.stream().mapToLong(Outage::failed).sum()));
        for (Outage o : outages) {
            b.append("\n                 ").append(CLOCK.format(Instant.ofEpochMilli(o.fromEpochMillis())))
                    .append(" to ").append(o.ongoing() ? "the end (still unreachable)"
                            : CLOCK.format(Instant.ofEpochMilli(o.toEpochMillis())))
                    .append(String.format(Locale.ROOT, "  %s  %d operations refused",
                            Units.seconds(Math.max(0, o.millis(Math.max(end, o.fromEpochMillis()))) * 1_000_000L),
                            o.failed()));
        }
    }

    /**
     * What the store counted itself over the cell, from its metrics: its requests and errors of the cell's APIs,
     * bytes, CPU and memory where its metrics give them, then a sentence setting its count beside the client's.
     */
    private static void server(StringBuilder b, CellStats cell) {
        ServerView v = cell.server();
        if (v == null) {
            return;
        }
        StringBuilder line = new StringBuilder();
        if (v.known()) {
            line.append(String.format(Locale.ROOT, "%s: %,d requests", v.apiNames(), v.requests()));
            if (v.errors() >= 0) {
                line.append(String.format(Locale.ROOT, ", %,d errors (client: %,d answered with an error)",
                        v.errors(), v.clientErrors()));
            }
            if (!Double.isNaN(v.bytesSent()) || !Double.isNaN(v.bytesReceived())) {
                line.append(String.format(Locale.ROOT, "; %s sent, %s received (all APIs)",
                        Units.mib(v.bytesSent()) + " MiB", Units.mib(v.bytesReceived()) + " MiB"));
            }
            if (!Double.isNaN(v.cpuSeconds())) {
                line.append(String.format(Locale.ROOT, "; %.2f CPU-s (%.2f cores)", v.cpuSeconds(),
                        v.coresBusy(cell.seconds())));
            }
            if (!Double.isNaN(v.memoryMaxBytes())) {
                line.append(String.format(Locale.ROOT, "; %s MiB resident at most", Units.mib(v.memoryMaxBytes())));
            }
            b.append("\n    Server     - ").append(line).append("\n                 ").append(v.sentence());
        } else {
            b.append("\n    Server     - ").append(v.sentence());
        }
        if (v.known() && v.failedScrapes() > 0) {
            b.append(String.format(Locale.ROOT, "\n                 %d of %d scrapes of %s failed (%s)",
                    v.failedScrapes(), v.scrapes(), v.url(), v.firstFailure()));
        }
    }

    /** The console names this many of a cell's slowest operations (summary.json and report.html all it kept). */
    static final int SLOWEST_SHOWN = 3;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter
            .ofPattern("HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    /**
     * The slowest operations, one line each: {@code 52.82 ms  22:02:02.527Z  200  id 18EB1A3C42D20830  KEY}, so that
     * they can be looked up in the server's logs.
     */
    private static void slowest(StringBuilder b, CellStats cell, boolean showEndpoint) {
        List<NamedRequest> slowest = cell.notable().slowest();
        for (int i = 0; i < Math.min(SLOWEST_SHOWN, slowest.size()); i++) {
            NamedRequest r = slowest.get(i);
            b.append(i == 0 ? "\n    Slowest    - " : "\n                 ")
                    .append(named(r, Units.asRecorded(cell.latency(), r.latencyNanos()), showEndpoint));
        }
    }

    /** One named operation on one line: its time, when it began (UTC), its status, the server's id, its key. */
    static String named(NamedRequest r, boolean showEndpoint) {
        return named(r, r.latencyNanos(), showEndpoint);
    }

    /** As {@link #named(io.s3workload.metrics.NamedRequest, boolean)}, its time shown as {@code shownNanos}. */
    static String named(NamedRequest r, long shownNanos, boolean showEndpoint) {
        return String.format(Locale.ROOT, "%9s  %s  %s  id %s  %s%s", Units.latency(shownNanos),
                CLOCK.format(Instant.ofEpochMilli(r.startEpochMillis())),
                r.status() == 0 ? "---" : Integer.toString(r.status()),
                r.requestId() == null ? "(none sent)" : r.requestId(), r.key() == null ? "" : r.key(),
                showEndpoint && r.endpoint() != null ? " on " + r.endpoint() : "");
    }

    /**
     * {@code 0.62 s process CPU, 1.94 of 2 cores busy, 2.61 CPU-s/GiB, 0.210 CPU-ms/op, 61.0 KiB allocated/op}, each
     * figure to the precision the CPU clock gives it (a 10 ms clock over 50 operations: 1.0 CPU-ms/op, not 1.000);
     * per GiB and per operation are of what succeeded (the cell's CPU went into its failures too).
     */
    private static String cpuLine(CellStats cell, Cpu cpu) {
        double step = cpu.resolutionNanos();
        StringBuilder b = new StringBuilder(Units.measured(cell.cpuNanos() / 1e9, step / 1e9) + " s "
                + cpu.whose());
        if (cell.wallNanos() > 0) {
            b.append(", ").append(Units.measured(cpu.coresBusy(cell), step / cell.wallNanos())).append(" of ")
                    .append(cpu.cpus()).append(" cores busy");
        }
        if (!Double.isNaN(cell.cpuSecondsPerGiB())) {
            b.append(", ").append(Units.measured(cell.cpuSecondsPerGiB(), step / 1e9 * (1L << 30) / cell.bytes()))
                    .append(" CPU-s/GiB");
        }
        if (cell.operations() > 0) {
            // per successful operation, as the rates and CPU-s/GiB (the bytes of the successful ones) are
            b.append(", ").append(Units.measured(cell.cpuNanos() / 1e6 / cell.operations(),
                    step / 1e6 / cell.operations())).append(" CPU-ms/op");
        }
        if (!Double.isNaN(cell.allocatedPerOperation())) {
            b.append(String.format(Locale.ROOT, ", %.1f KiB allocated/op", cell.allocatedPerOperation() / 1024));
        }
        return b.toString();
    }

    /**
     * A cell whose sizes vary: a line per size bucket under its latency, so that the large objects' times do not
     * hide the small ones' ({@code 4 KiB-16 KiB   702 ok  Avg: 1.2 ms, ...}); empty buckets are left out.
     */
    private static void bySize(StringBuilder b, CellStats cell) {
        List<SizeBucketStats> buckets = cell.bySize().stream()
                .filter(x -> x.operations() > 0).toList();
        if (buckets.isEmpty()) {
            return;
        }
        int label = buckets.stream().mapToInt(x -> x.label().length()).max().orElse(0);
        int count = buckets.stream().mapToInt(x -> Long.toString(x.operations()).length()).max().orElse(0);
        String lead = "    By size    - ";
        for (SizeBucketStats x : buckets) {
            b.append(lead).append(String.format(Locale.ROOT, "%-" + label + "s  %" + count + "d ok  ", x.label(),
                    x.operations())).append(stats(x.latency())).append('\n');
            lead = " ".repeat(lead.length());
        }
    }

    /**
     * {@code zipf 1.1 over 10000 keys: 9104 read, the hottest key 8.21% of the reads, the hottest 10% of the keys
     * 71.4% (the distribution's own: 72.0%)}.
     */
    static String access(AccessStats a) {
        return String.format(Locale.ROOT, "%s over %d keys: %d of them read, the hottest key %.2f%% of the %d reads,"
                        + " the hottest 10%% of the keys %.1f%% (the distribution's own: %.1f%%)", a.distribution(),
                a.keys(), a.distinct(), 100 * a.hottestKeyShare(), a.reads(), 100 * a.hottestTenthShare(),
                100 * a.expectedTenthShare());
    }

    private static String examples(List<String> examples) {
        return examples == null || examples.isEmpty() ? "" : " (e.g. " + String.join("; ", examples) + ")";
    }

    private static String stats(Histogram h) {
        return Units.latencyStats(h, false, Percentile.AVG, Percentile.P50, Percentile.P95, Percentile.P99,
                Percentile.MAX);
    }
}
