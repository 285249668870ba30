package io.s3workload.report.analyze;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellCount;
import io.s3workload.metrics.CellCounts;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageReport;
import io.s3workload.result.Summary;
import io.s3workload.result.SummaryJson;
import io.s3workload.workload.StageKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A slice of an ops log as a run's results ({@code s3workload analyze --out}): each cell of the slice a cell of its
 * stage, with its counts, distributions and per-second timeline made from the rows, so that summary.json, the CSV
 * files and report.html describe the slice as a run's describe the run. What the log does not hold (process CPU, a
 * probe's convergence, a capacity search's verdicts, the store's metrics) is left out, never made up; where the log
 * sits beside its run's summary.json, the run's provenance, workload and stage kinds are taken from it.
 */
public final class OpsSliceReport {

    /** The slice and the rows the reports have no cell for (the tool's own requests, named by their S3 action). */
    public record SliceReport(RunReport report, Map<String, Long> leftOut) {
    }

    private OpsSliceReport() {
    }

    /** The slice {@code slice} of {@code files} as a run's report; {@code described} says how it was cut. */
    public static SliceReport of(List<Path> files, OpsAnalysis.Slice slice, String described) throws IOException {
        return of(OpsAnalysis.read(files, slice, true), files, described);
    }

    /** {@code all}, read from {@code files} for reports ({@link OpsAnalysis#read}), as a run's report. */
    public static SliceReport of(OpsAnalysis.Aggregate all, List<Path> files, String described) throws IOException {
        Optional<Summary> run = runBeside(files.get(0));
        long startUs = all.cells().values().stream().mapToLong(c -> c.firstStart).min().orElse(0);
        long endUs = all.cells().values().stream().mapToLong(c -> c.lastEnd).max().orElse(startUs);
        Map<String, List<CellStats>> byStage = new LinkedHashMap<>();
        Map<String, long[]> spans = new LinkedHashMap<>();
        Map<String, Long> leftOut = new TreeMap<>();
        for (OpsCell cell : all.cells().values()) {
            Optional<Op> op = op(cell.key.get(1));
            if (op.isEmpty()) {
                leftOut.merge(cell.key.get(1), cell.operations + cell.errors, Long::sum);
                continue;
            }
            String stage = cell.key.get(0);
            byStage.computeIfAbsent(stage, s -> new ArrayList<>()).add(stats(cell, op.get(),
                    all.cellStart().get(cell.key.subList(0, 4))));
            spans.merge(stage, new long[] {cell.firstStart, cell.lastEnd},
                    (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
        }
        List<StageReport> stages = new ArrayList<>();
        byStage.forEach((name, cells) -> {
            long[] span = spans.get(name);
            stages.add(new StageReport(name, kind(name, cells, run), (span[1] - span[0]) * 1_000, false, false, cells,
                    (span[0] - startUs) * 1_000, Optional.empty(), Optional.empty(), List.of()));
        });
        Instant started = Instant.ofEpochSecond(Math.floorDiv(startUs, 1_000_000),
                Math.floorMod(startUs, 1_000_000) * 1_000L);
        RunReport.About about = about(run, files, all.warp(), described);
        String runId = run.map(s -> s.run().id()).orElse(all.warp() ? "warp" : files.get(0).getFileName().toString());
        Map<String, String> endpoints = run.map(s -> s.run().endpoints()).orElse(Map.of());
        return new SliceReport(new RunReport(about, runId, started, (endUs - startUs) * 1_000,
                run.map(s -> s.run().seed()).orElse(0L), 0, false, endpoints, stages, List.of(),
                new CleanupResult(true, 0, List.of(), List.of()), Map.of()), leftOut);
    }

    /** The run's summary.json beside an ops log, or above a shard's, when there is one. */
    static Optional<Summary> runBeside(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path summary = dir == null ? null : dir.resolve(SummaryJson.FILE);
        return summary != null && Files.isRegularFile(summary) ? Optional.of(SummaryJson.read(summary))
                : Optional.empty();
    }

    /** An ops log's op (warp's STAT is a HEAD); empty for the tool's own requests, named by their S3 action. */
    private static Optional<Op> op(String name) {
        if (name.equals("STAT")) {
            return Optional.of(Op.HEAD);
        }
        try {
            return Optional.of(Op.valueOf(name));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static CellStats stats(OpsCell cell, Op op, long originUs) {
        CellKey key = new CellKey(cell.key.get(0), op, cell.key.get(2) + qualifier(cell.key), size(cell));
        return new CellStats(key, cell.operations, cell.bytes, 0, new CellStats.Failures(cell.errors,
                cell.errorsByClass, Map.of(), Map.of()), new CellStats.Latencies(cell.latency, cell.ttfb(),
                cell.uncorrected(), List.of(), null), CellStats.Time.of(Math.round(cell.seconds() * 1e9), -1, -1),
                CellCounts.of(Map.of(CellCount.LATE_STARTS, cell.late, CellCount.RETRIES, cell.retries)),
                cell.timeline(originUs), null, null, null);
    }

    /** A {@code --by} value or a read's first access, which a run's cell does not have: after its endpoint. */
    private static String qualifier(List<String> key) {
        return key.size() == 4 ? "" : " [" + String.join(" ", key.subList(4, key.size())) + "]";
    }

    /** The cell's size class as its run named it, or (warp's rows have none) the sizes its operations moved. */
    private static SizeSpec size(OpsCell cell) {
        String named = cell.key.get(3);
        if (!named.isEmpty()) {
            try {
                return SummaryJson.size(named);
            } catch (IllegalArgumentException e) {
                // a size class this version does not read back: sized by what moved, as warp's
            }
        }
        if (cell.operations == 0) {
            return SizeSpec.of(DataSize.ofBytes(0));
        }
        return cell.minBytes == cell.maxBytes ? SizeSpec.of(DataSize.ofBytes(cell.minBytes))
                : new SizeSpec.Uniform(DataSize.ofBytes(cell.minBytes), DataSize.ofBytes(cell.maxBytes));
    }

    /** The stage's kind as its run had it, or for a log without its run, as its cells' operations say. */
    private static StageKind kind(String stage, List<CellStats> cells, Optional<Summary> run) {
        Optional<StageKind> ran = run.flatMap(s -> s.stages().stream().filter(st -> st.name().equals(stage))
                .findFirst()).flatMap(st -> StageKind.fromKey(st.kind()));
        if (ran.isPresent()) {
            return ran.get();
        }
        List<Op> ops = cells.stream().map(c -> c.key().op()).distinct().toList();
        if (ops.size() == 1) {
            Optional<StageKind> one = StageKind.fromKey(ops.get(0).name().toLowerCase(Locale.ROOT));
            if (one.isPresent()) {
                return one.get();
            }
        }
        return StageKind.MIX;
    }

    private static RunReport.About about(Optional<Summary> run, List<Path> files, boolean warp, String described) {
        if (run.isPresent()) {
            Summary s = run.get();
            return new RunReport.About(s.tool(), s.jvm(), s.host(), s.workload(), s.run().prefix(),
                    files.size() == 1 ? s.run().sharding().shard() : null, List.of(), s.run().serverInProcess(),
                    s.run().start().startAt(), null, described);
        }
        String unknown = "unknown";
        Summary.Tool tool = warp ? new Summary.Tool("warp", unknown, unknown) : new Summary.Tool("s3workload",
                unknown, unknown);
        Summary.Workload workload = new Summary.Workload(files.get(0).getFileName().toString(), files.get(0)
                .toString(), unknown, "", false, List.of(), List.of(), null);
        return new RunReport.About(tool, new Summary.Jvm(unknown, unknown, unknown), new Summary.Host(unknown, unknown,
                unknown, 0), workload, "", null, List.of(), false, null, null, described);
    }
}
