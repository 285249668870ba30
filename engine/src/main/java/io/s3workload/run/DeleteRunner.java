package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.ObjectStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code kind: delete}: one DeleteObject per key the source stage wrote, {@code concurrency} at a time. */
final class DeleteRunner implements StageRunner {

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        long start = System.nanoTime();
        List<CellStats> cells = new ArrayList<>();
        ObjectStore store = context.store(stage.endpoint());
        String from = stage.from().orElseThrow();
        for (CellPlan cell : stage.cells()) {
            if (context.cancelled()) {
                break;
            }
            Optional<KeySet> source = context.objects().keys(from, cell.size());
            if (source.isEmpty() || source.get().count() == 0) {
                context.note(stage.name(), "stage " + from + " wrote no " + cell.size() + " objects; cell skipped");
                continue;
            }
            KeySet keys = source.get();
            CellKey key = new CellKey(stage.name(), Op.DELETE, stage.endpoint(), cell.size());
            cells.add(CellRun.run(context, key, cell, keys.count(), stage.concurrency(), (i, worker, recorder) -> {
                long t0 = System.nanoTime();
                store.delete(keys.key(i));
                recorder.success(System.nanoTime() - t0, 0);
            }).stats());
        }
        return new StageResult(stage, cells, System.nanoTime() - start, context.cancelled());
    }
}
