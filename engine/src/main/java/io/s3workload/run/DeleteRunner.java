package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import java.util.List;
import java.util.Optional;

/** {@code kind: delete}: one DeleteObject per key the source stage wrote, {@code concurrency} at a time. */
final class DeleteRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        Optional<KeySet> source = context.sourceKeys(stage, cell.size());
        if (source.isEmpty()) {
            return List.of();
        }
        KeySet keys = source.get();
        CellKey key = new CellKey(stage.name(), Op.DELETE, stage.endpoint(), cell.size());
        return CellRun.run(context, stage, key, cell, keys.count(), (i, worker, recorder) -> {
            long t0 = System.nanoTime();
            worker.store().delete(keys.key(i));
            recorder.success(System.nanoTime() - t0, 0);
        }).cells();
    }
}
