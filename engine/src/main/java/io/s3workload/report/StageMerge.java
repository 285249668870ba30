package io.s3workload.report;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.result.CapacitySearch;
import io.s3workload.result.HistoryCheck;
import io.s3workload.result.ReplayFidelity;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A stage over the shards: its first shard's report (for its shape), its cells and pairs added so far. */
final class StageMerge {
    private final StageReport shape;
    private final Map<String, CellMerge> cells = new LinkedHashMap<>();
    private final Map<String, ConvergenceStats> pairs = new LinkedHashMap<>();
    private final List<CapacitySearch> searches = new ArrayList<>();
    private final List<HistoryCheck> histories = new ArrayList<>();
    private final List<ReplayFidelity> replays = new ArrayList<>();
    private long wall;
    private boolean interrupted;

    StageMerge(StageReport shape) {
        this.shape = shape;
    }

    void add(int shard, StageReport mine, Path dir, Map<String, long[]> spans, boolean shardLines)
            throws IOException {
        wall = Math.max(wall, mine.wallNanos());
        interrupted |= mine.interrupted();
        mine.capacity().ifPresent(searches::add);
        mine.history().ifPresent(histories::add);
        mine.replay().ifPresent(replays::add);
        for (CellStats cell : mine.cells()) {
            String id = RunReport.cellId(cell.key());
            CellMerge merged = cells.get(id);
            if (merged == null) {
                merged = new CellMerge(spans.get(id));
                cells.put(id, merged);
            }
            merged.add(shard, cell, dir.resolve(HdrLogReporter.DIRECTORY)
                    .resolve(HdrLogReporter.fileName(cell.key())), shardLines);
        }
        for (ConvergenceStats pair : mine.convergence()) {
            pairs.merge(pair.label(), pair, (a, b) -> ConvergenceStats.sum(List.of(a, b)));
        }
    }

    /**
     * The stage over every shard: its cells merged (each merged cell's intervals and each shard's seconds put in
     * {@code intervals} and {@code shardTimelines}), its pairs added, its capacity searches, histories' checks and
     * replays' fidelity summed.
     */
    StageReport finish(Map<CellKey, List<ResultsReader.Interval>> intervals,
                       Map<String, Map<Integer, List<Snapshot>>> shardTimelines) {
        List<CellStats> merged = new ArrayList<>();
        for (Map.Entry<String, CellMerge> cell : cells.entrySet()) {
            CellMerge.Merged m = cell.getValue().finish();
            merged.add(m.stats());
            m.intervals().ifPresent(i -> intervals.put(m.stats().key(), i));
            shardTimelines.put(cell.getKey(), m.shardTimelines());
        }
        return new StageReport(shape.name(), shape.kind(), wall, interrupted, shape.hasThresholds(), merged,
                List.copyOf(pairs.values()), shape.startNanos(), shape.skipped(), shape.group(),
                searches.isEmpty() ? Optional.empty() : Optional.of(CapacitySearch.sum(searches)),
                histories.isEmpty() ? Optional.empty() : Optional.of(HistoryCheck.sum(histories)),
                replays.isEmpty() ? Optional.empty() : Optional.of(ReplayFidelity.sum(replays)));
    }
}
