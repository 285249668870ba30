package io.s3workload.report.finished;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.report.files.HdrInterval;
import io.s3workload.report.files.HdrLogReporter;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageOutcome;
import io.s3workload.result.StageReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A stage over the shards: its first shard's report (for its shape), its cells and outcomes added so far. */
final class StageMerge {
    private final StageReport shape;
    private final Map<String, CellMerge> cells = new LinkedHashMap<>();
    private final Map<StageOutcome.Type<?, ?>, List<StageOutcome>> outcomes = new LinkedHashMap<>();
    private long wall;
    private boolean interrupted;

    StageMerge(StageReport shape) {
        this.shape = shape;
    }

    void add(int shard, StageReport mine, Path dir, Map<String, long[]> spans, boolean shardLines)
            throws IOException {
        wall = Math.max(wall, mine.wallNanos());
        interrupted |= mine.interrupted();
        mine.outcomes().forEach(o -> outcomes.computeIfAbsent(o.type(), t -> new ArrayList<>()).add(o));
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
    }

    /**
     * The stage over every shard: its cells merged (each merged cell's intervals and each shard's seconds put in
     * {@code intervals} and {@code shardTimelines}), its outcomes summed kind by kind.
     */
    StageReport finish(Map<CellKey, List<HdrInterval>> intervals,
                       Map<String, Map<Integer, List<Snapshot>>> shardTimelines) {
        List<CellStats> merged = new ArrayList<>();
        for (Map.Entry<String, CellMerge> cell : cells.entrySet()) {
            CellMerge.Merged m = cell.getValue().finish();
            merged.add(m.stats());
            m.intervals().ifPresent(i -> intervals.put(m.stats().key(), i));
            shardTimelines.put(cell.getKey(), m.shardTimelines());
        }
        List<StageOutcome> summed = new ArrayList<>();
        outcomes.forEach((type, shards) -> summed.add(type.summed(shards)));
        return new StageReport(shape.name(), shape.kind(), wall, interrupted, shape.hasThresholds(), merged,
                shape.startNanos(), shape.skipped(), shape.group(), summed);
    }
}
