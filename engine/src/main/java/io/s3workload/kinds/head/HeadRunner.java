package io.s3workload.kinds.head;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.CellRun;
import io.s3workload.run.CellStageRunner;
import io.s3workload.run.RunContext;
import io.s3workload.run.keys.KeyPicker;
import io.s3workload.run.keys.KeySet;
import io.s3workload.s3.ErrorClassifier;
import java.util.List;
import java.util.Optional;

/** {@code kind: head}: HeadObject over the source stage's keys or existing objects, picked by the stage's access. */
public final class HeadRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        Optional<RunContext.Reading> source = context.reading(stage, cell.size());
        if (source.isEmpty()) {
            return List.of();
        }
        KeySet keys = source.get().keys();
        long limit = cell.operationLimit(keys.count());
        CellKey key = new CellKey(stage.name(), Op.HEAD, stage.endpoint(), source.get().size());
        KeyPicker picker = context.picker(stage, cell.size(), keys.count());
        return CellRun.run(context, stage, key, cell, limit, (i, worker, recorder) -> {
            String objectKey = keys.key(picker.pick(i));
            long t0 = System.nanoTime();
            boolean found = worker.store().head(objectKey).isPresent();
            long latency = System.nanoTime() - t0;
            if (found) {
                recorder.success(latency, 0);
            } else {
                recorder.failure(ErrorClassifier.HEAD_NOT_FOUND, objectKey);
            }
        }).offered(picker, stage.kind()).cells();
    }
}
