package io.s3workload.report.analyze;

import io.s3workload.ground.Units;
import io.s3workload.metrics.Op;
import io.s3workload.opslog.OpsLog;
import io.s3workload.opslog.OpsReader;
import io.s3workload.opslog.OpsRecord;
import io.s3workload.report.console.Table;
import io.s3workload.run.clients.OpsSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * {@code s3workload analyze}: a run's operations cut again from its ops log (or warp's per-operation file) — a
 * slice by stage, operation, endpoint and time, its first seconds skipped, by segments of a given length, a row per
 * value of a column — and printed as cells with their counts, rates and latencies. Over a whole run and the measured
 * operations it gives the run's own cells: the counts exactly, the latencies within HdrHistogram's precision.
 */
public final class OpsAnalysis {

    /** What to cut: empty filters take everything. */
    public record Slice(Optional<String> stage, Optional<String> op, Optional<String> endpoint,
                        Optional<String> host, long skipMicros, long segmentMicros, long fromMicros, long toMicros,
                        Optional<By> by, boolean firstAccess, boolean own) {

        public static final Slice ALL = new Slice(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), 0, 0, Long.MIN_VALUE, Long.MAX_VALUE, Optional.empty(), false, false);

        /** This slice with a row per value of {@code column}. */
        public Slice by(By column) {
            return new Slice(stage, op, endpoint, host, skipMicros, segmentMicros, fromMicros, toMicros,
                    Optional.of(column), firstAccess, own);
        }
    }

    /** The column {@code --first-access} adds: a read's first of its key in its cell, or a repeat. */
    static final String FIRST = "first";
    static final String REPEAT = "repeat";

    /** A column each value of which gets rows of its own ({@code --by}). */
    public enum By {
        ENDPOINT("endpoint", OpsRecord::endpoint), HOST("host", OpsRecord::host), SHARD("shard", OpsRecord::shard),
        WORKER("worker", r -> Integer.toString(r.worker())), BUCKET("bucket", OpsRecord::bucket),
        SIZE("size", r -> r.failed() ? "-" : r.bytes() + " B");

        private final String key;
        private final Function<OpsRecord, String> value;

        By(String key, Function<OpsRecord, String> value) {
            this.key = key;
            this.value = value;
        }

        public String key() {
            return key;
        }

        public static Optional<By> of(String key) {
            for (By by : values()) {
                if (by.key.equals(key)) {
                    return Optional.of(by);
                }
            }
            return Optional.empty();
        }
    }

    private OpsAnalysis() {
    }

    /** The ops logs {@code paths} stand for: a file itself, or a directory's ops.csv.zst, or its shards'. */
    public static List<Path> files(List<Path> paths) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isRegularFile(path)) {
                files.add(path);
            } else if (Files.isRegularFile(path.resolve(OpsLog.FILE))) {
                files.add(path.resolve(OpsLog.FILE));
            } else if (Files.isDirectory(path)) {
                try (var shards = Files.list(path)) {
                    List<Path> found = shards.map(p -> p.resolve(OpsLog.FILE))
                            .filter(Files::isRegularFile).sorted().toList();
                    if (found.isEmpty()) {
                        throw new IOException(path + ": no " + OpsLog.FILE + " there or in a"
                                + " directory under it (a run keeps one with --report ops)");
                    }
                    files.addAll(found);
                }
            } else {
                throw new IOException(path + ": no such file or directory");
            }
        }
        return files;
    }

    /** A cell of the slice: its key (stage, op, endpoint, size, and the {@code --by} value) and its figures. */
    public record CellFigures(List<String> key, long operations, long errors, long bytes, Histogram latency,
                              Map<String, Long> errorsByClass) {
    }

    /** The cells of {@code files} cut as {@code slice}, in the order their first rows came. */
    public static List<CellFigures> cells(List<Path> files, Slice slice) throws IOException {
        return aggregate(files, slice, false).cells.values().stream().map(c -> new CellFigures(c.key, c.operations, c.errors,
                c.bytes, c.latency, c.errorsByClass)).toList();
    }

    /**
     * The slice's cells, each with the start its clock runs from (its first measured row's, before the slice cut it,
     * or its stage total's: {@link OpsTotals#originKey}), and rows read and kept: read
     * once ({@link #read}), then printed ({@link #analyze(Aggregate, List, Slice)}) and written as results
     * ({@link OpsSliceReport}).
     */
    public record Aggregate(Map<List<String>, OpsCell> cells, Map<List<String>, Long> cellStart, long rows, long sliced,
                     boolean warp) {
    }

    /** The analysis of {@code files} cut as {@code slice}, as text. */
    public static String analyze(List<Path> files, Slice slice) throws IOException {
        return analyze(aggregate(files, slice, false), files, slice);
    }

    /**
     * {@code files} cut as {@code slice}, their cells added up; {@code forReports} also keeps what a run's reports
     * need of each cell (its seconds, its other distributions), for {@link OpsSliceReport}.
     */
    public static Aggregate read(List<Path> files, Slice slice, boolean forReports) throws IOException {
        return aggregate(files, slice, forReports);
    }

    /** The analysis of {@code all}, read from {@code files} cut as {@code slice}, as text. */
    public static String analyze(Aggregate all, List<Path> files, Slice slice) {
        Map<List<String>, OpsCell> cells = all.cells();
        StringBuilder out = new StringBuilder();
        out.append(files.size() == 1 ? files.get(0) : files.size() + " ops logs").append(": ").append(all.rows())
                .append(" operations, ").append(all.sliced()).append(" in the slice\n\n");
        if (cells.isEmpty()) {
            return out.append("Nothing in the slice.\n").toString();
        }
        out.append(cellTable(cells.values(), slice).render(""));
        cells.values().stream().filter(c -> !c.errorsByClass.isEmpty()).forEach(c -> out.append("errors in ")
                .append(label(c)).append(": ").append(c.errorsByClass).append('\n'));
        if (slice.segmentMicros() > 0) {
            for (OpsCell cell : cells.values()) {
                out.append('\n').append(segments(cell, slice));
            }
        }
        return out.toString();
    }

    /** The cells of {@code files} cut as {@code slice}; with {@code timeline} each with its seconds too. */
    static Aggregate aggregate(List<Path> files, Slice slice, boolean timeline) throws IOException {
        OpsTotals totals = slice.own() ? OpsTotals.NONE : OpsTotals.of(files);
        // when each cell's clock starts: its first operation's (of the rows the slice is about: the measured ones, or
        // with --own the tool's own), or for a stage with a total (a mix), the total's first, as its run counted them
        Map<List<String>, Long> origin = new HashMap<>();
        // with --first-access: when each key was first read in each cell (its earliest start, whatever the order)
        Map<List<String>, Long> firstRead = new HashMap<>();
        if (slice.skipMicros() > 0 || slice.segmentMicros() > 0 || slice.firstAccess() || timeline) {
            for (Path file : files) {
                OpsReader.read(file, r -> {
                    if (measured(r) == slice.own()) {
                        return;
                    }
                    origin.merge(totals.originKey(r), r.startUs(), Math::min);
                    if (slice.firstAccess() && reads(r)) {
                        firstRead.merge(List.of(r.stage(), r.op(), r.cellEndpoint(), r.sizeClass(), r.key()),
                                r.startUs(), Math::min);
                    }
                });
            }
        }
        Map<List<String>, OpsCell> cells = new LinkedHashMap<>();
        Map<List<String>, OpsCell> totalCells = new LinkedHashMap<>();
        Map<List<String>, Long> cellStart = new HashMap<>();
        long[] rows = {0, 0};
        boolean warp = false;
        for (Path file : files) {
            warp |= OpsReader.Format.WARP == OpsReader.read(file, r -> {
                rows[0]++;
                Long start = origin.get(totals.originKey(r));
                boolean inCell = wanted(r, slice, r.op(), start);
                Optional<List<String>> total = totals.keyOf(r).filter(k -> wanted(r, slice, Op.MIX.name(), start));
                if (!inCell && total.isEmpty()) {
                    return;
                }
                rows[1]++;
                if (inCell) {
                    add(cells, cellOf(r), r, slice, firstRead, start, timeline);
                    if (start != null) {
                        cellStart.put(cellOf(r), start);
                    }
                }
                if (total.isPresent()) {
                    add(totalCells, total.get(), r, slice, firstRead, start, timeline);
                    if (start != null) {
                        cellStart.put(total.get(), start);
                    }
                }
            });
        }
        return new Aggregate(withTotals(cells, totalCells), cellStart, rows[0], rows[1], warp);
    }

    /** Counts {@code r} in the cell {@code cell} (with the slice's {@code --by} and access values) of {@code cells}. */
    private static void add(Map<List<String>, OpsCell> cells, List<String> cell, OpsRecord r, Slice slice,
                            Map<List<String>, Long> firstRead, Long start, boolean timeline) {
        List<String> key = new ArrayList<>(cell);
        slice.by().ifPresent(by -> key.add(by.value.apply(r)));
        if (slice.firstAccess()) {
            key.add(!reads(r) || !cell.get(1).equals(r.op()) ? "-" : firstRead.get(List.of(r.stage(), r.op(),
                    r.cellEndpoint(), r.sizeClass(), r.key())) == r.startUs() ? FIRST : REPEAT);
        }
        OpsCell counted = cells.computeIfAbsent(key, OpsCell::new);
        counted.add(r);
        if (timeline) {
            counted.addToReport(r, start);
        }
        if (slice.segmentMicros() > 0) {
            long index = (r.startUs() - start) / slice.segmentMicros();
            counted.segments.computeIfAbsent(index, i -> new OpsCell(key)).add(r);
        }
    }

    /** {@code cells} with each stage's totals after its last cell, where its run printed them. */
    private static Map<List<String>, OpsCell> withTotals(Map<List<String>, OpsCell> cells,
                                                         Map<List<String>, OpsCell> totals) {
        if (totals.isEmpty()) {
            return cells;
        }
        Map<String, List<OpsCell>> byStage = new LinkedHashMap<>();
        totals.values().forEach(t -> byStage.computeIfAbsent(t.key.get(0), s -> new ArrayList<>()).add(t));
        Map<String, List<String>> last = new HashMap<>();
        cells.keySet().forEach(k -> last.put(k.get(0), k));
        Map<List<String>, OpsCell> ordered = new LinkedHashMap<>();
        cells.forEach((key, cell) -> {
            ordered.put(key, cell);
            List<OpsCell> stageTotals = key.equals(last.get(key.get(0))) ? byStage.remove(key.get(0)) : null;
            if (stageTotals != null) {
                stageTotals.forEach(t -> ordered.put(t.key, t));
            }
        });
        byStage.values().forEach(rest -> rest.forEach(t -> ordered.put(t.key, t))); // --op MIX: totals alone
        return ordered;
    }

    /** The run's cell a row is counted in: its stage, op, endpoint and size, as summary.json names a cell. */
    static List<String> cellOf(OpsRecord r) {
        return List.of(r.stage(), r.op(), r.cellEndpoint(), r.sizeClass());
    }

    /** A read of an object's bytes: what {@code --first-access} splits. */
    private static boolean reads(OpsRecord r) {
        return r.op().equals("GET") || r.op().equals("RANGE_GET");
    }

    /** Whether a row is a cell's measured operation: no mark, or a probe's poll (which its read cell counts). */
    private static boolean measured(OpsRecord r) {
        return r.own().isEmpty() || r.own().equals(OpsSink.POLL);
    }

    /**
     * Whether the slice takes {@code r} into a cell of {@code op} (its own, or its stage's total) whose clock started at
     * {@code start}.
     */
    private static boolean wanted(OpsRecord r, Slice slice, String op, Long start) {
        return measured(r) != slice.own()
                && slice.stage().map(r.stage()::equals).orElse(true)
                && slice.op().map(op::equalsIgnoreCase).orElse(true)
                && slice.endpoint().map(r.endpoint()::equals).orElse(true)
                && slice.host().map(r.host()::equals).orElse(true)
                && r.startUs() >= slice.fromMicros() && r.startUs() < slice.toMicros()
                && (slice.skipMicros() == 0 || r.startUs() - start >= slice.skipMicros());
    }

    private static String label(OpsCell cell) {
        return String.join(" ", cell.key.stream().filter(s -> !s.isEmpty()).toList());
    }

    private static Table cellTable(Collection<OpsCell> cells, Slice slice) {
        List<String> headers = new ArrayList<>(List.of("stage", "op", "endpoint", "size"));
        slice.by().ifPresent(by -> headers.add(by.key()));
        if (slice.firstAccess()) {
            headers.add("access");
        }
        int text = headers.size();
        headers.addAll(List.of("ops", "errors", "seconds", "ops/s", "MiB/s", "p50 (ms)", "p90 (ms)", "p99 (ms)",
                "max (ms)"));
        boolean[] numeric = new boolean[headers.size()];
        for (int i = text; i < numeric.length; i++) {
            numeric[i] = true;
        }
        Table table = new Table(headers, numeric);
        for (OpsCell c : cells) {
            List<String> row = new ArrayList<>(c.key.stream().map(s -> s.isEmpty() ? "-" : s).toList());
            double seconds = c.seconds();
            row.addAll(List.of(Long.toString(c.operations), Long.toString(c.errors),
                    String.format(Locale.ROOT, "%.2f", seconds), seconds == 0 ? "-" : Units.rate(c.operations / seconds),
                    seconds == 0 ? "-" : Units.mib(c.bytes / seconds), ms(c.latency, 50), ms(c.latency, 90),
                    ms(c.latency, 99), c.latency.getTotalCount() == 0 ? "-" : String.format(Locale.ROOT, "%.2f",
                            c.latency.getMaxValue() / 1e6)));
            table.add(row);
        }
        return table;
    }

    private static String ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? "-" : String.format(Locale.ROOT, "%.2f",
                h.getValueAtPercentile(percentile) / 1e6);
    }

    /** A cell's segments, then its fastest, median and slowest by operations per second (as warp prints them). */
    private static String segments(OpsCell cell, Slice slice) {
        double length = slice.segmentMicros() / 1e6;
        Table table = new Table(List.of("segment (s)", "ops", "errors", "ops/s", "MiB/s", "p50 (ms)", "p99 (ms)"),
                false, true, true, true, true, true, true);
        List<OpsCell> whole = new ArrayList<>();
        for (Map.Entry<Long, OpsCell> e : cell.segments.entrySet()) {
            OpsCell s = e.getValue();
            table.add(List.of(String.format(Locale.ROOT, "%.0f-%.0f", e.getKey() * length, (e.getKey() + 1) * length),
                    Long.toString(s.operations), Long.toString(s.errors), Units.rate(s.operations / length),
                    Units.mib(s.bytes / length), ms(s.latency, 50), ms(s.latency, 99)));
            whole.add(s);
        }
        // the last segment is a whole one only if the cell ran to its end
        StringBuilder out = new StringBuilder("Segments of " + Units.seconds(slice.segmentMicros() * 1_000) + ": "
                + label(cell) + "\n").append(table.render("  "));
        if (whole.size() >= 3) {
            List<OpsCell> byRate = whole.subList(0, whole.size() - 1).stream()
                    .sorted(Comparator.comparingLong(c -> c.operations)).toList();
            out.append(String.format(Locale.ROOT, "  fastest %s ops/s, median %s ops/s, slowest %s ops/s (the last,"
                            + " partial segment left out)%n", Units.rate(byRate.get(byRate.size() - 1).operations / length),
                    Units.rate(byRate.get(byRate.size() / 2).operations / length),
                    Units.rate(byRate.get(0).operations / length)));
        }
        return out.toString();
    }
}
