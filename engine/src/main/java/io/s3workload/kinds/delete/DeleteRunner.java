package io.s3workload.kinds.delete;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.CellRun;
import io.s3workload.run.CellStageRunner;
import io.s3workload.run.RunContext;
import io.s3workload.run.keys.KeySet;
import io.s3workload.s3.DeleteOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: delete}: each key the source stage wrote deleted once, {@code concurrency} operations at a time: one
 * DeleteObject per key, or one DeleteObjects request per {@code batch} keys (a key the server says it could not
 * delete is counted under its error code; the request's items are the keys it removed).
 */
public final class DeleteRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        Optional<KeySet> source = context.sourceKeys(stage, cell.size());
        if (source.isEmpty()) {
            return List.of();
        }
        KeySet keys = source.get();
        DeleteStage spec = stage.spec(DeleteStage.class);
        CellKey key = new CellKey(stage.name(), Op.DELETE, stage.endpoint(), cell.size());
        if (!spec.batched()) {
            return CellRun.run(context, stage, key, cell, keys.count(), (i, worker, recorder) -> {
                long t0 = System.nanoTime();
                worker.store().delete(keys.key(i));
                recorder.success(System.nanoTime() - t0, 0);
            }).cells();
        }
        int batch = spec.batch();
        return CellRun.run(context, stage, key, cell, spec.operations(keys.count()), (i, worker, recorder) -> {
            long first = i * batch;
            List<String> names = new ArrayList<>(batch);
            for (long n = first; n < Math.min(first + batch, keys.count()); n++) {
                names.add(keys.key(n));
            }
            long t0 = System.nanoTime();
            DeleteOutcome outcome = worker.store().bucketWide().deleteBatch(names);
            long latency = System.nanoTime() - t0;
            recorder.items(outcome.deleted());
            if (outcome.failedKeys().isEmpty()) {
                recorder.success(latency, 0);
            } else {
                // the request was answered, but not every key went: the operation failed, under the first key's code
                String error = outcome.errors().get(0);
                recorder.failure("DeleteObjects " + error.substring(0, Math.max(0, error.indexOf(':'))),
                        outcome.failedKeys().size() + " of " + Units.count(names.size(), "key") + ", e.g. "
                                + outcome.failedKeys().get(0), error);
            }
        }).cells();
    }
}
