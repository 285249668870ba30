package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.ObjectStore;
import java.util.Optional;

/** {@code kind: put}: closed-loop PUTs, one cell per size; registers the keys written for later stages. */
final class PutRunner implements StageRunner {

    @Override
    public Optional<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        ObjectStore store = context.store(stage.endpoint());
        String prefix = context.keyPrefix(stage.name(), cell.size());
        long keys = cell.keys().orElse(ClosedLoop.UNBOUNDED);
        long sizeBytes = cell.size().bytes();
        CellKey key = new CellKey(stage.name(), Op.PUT, stage.endpoint(), cell.size());
        CellRun.Outcome outcome = CellRun.run(context, key, cell, cell.operations().orElse(ClosedLoop.UNBOUNDED),
                stage.concurrency(), (i, worker, recorder) -> {
                    String objectKey = prefix + (i % keys);
                    var body = context.payload().body(objectKey, sizeBytes);
                    long t0 = System.nanoTime();
                    store.put(objectKey, body);
                    recorder.success(System.nanoTime() - t0, sizeBytes);
                });
        context.objects().register(stage.name(), cell.size(), new KeySet(prefix, Math.min(keys, outcome.started())));
        return Optional.of(outcome.stats());
    }
}
