package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.Payload;
import io.s3workload.workload.PutStage;
import java.util.Map;
import java.util.Optional;

/** {@code kind: put}: closed-loop PUTs (multipart above the threshold), one cell per size; registers the keys. */
final class PutRunner implements CellStageRunner {

    @Override
    public Optional<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        PutStage spec = stage.spec(PutStage.class);
        String prefix = context.keyPrefix(stage.name(), cell.size());
        long keys = cell.keys().orElse(ClosedLoop.UNBOUNDED);
        CellKey key = new CellKey(stage.name(), Op.PUT, stage.endpoint(), cell.size());
        CellRun.Outcome outcome = CellRun.run(context, stage, key, cell, cell.operations().orElse(ClosedLoop.UNBOUNDED),
                (i, worker, recorder) -> {
                    String objectKey = prefix + (i % keys);
                    Payload.Body body = context.payload().body(objectKey, cell.size());
                    long t0 = System.nanoTime();
                    Transfers.put(worker.store(), objectKey, body, spec.multipart(), Map.of());
                    recorder.success(System.nanoTime() - t0, body.length());
                });
        context.objects().register(stage.name(), cell.size(), new KeySet(prefix, Math.min(keys, outcome.started())));
        return Optional.of(outcome.stats());
    }
}
