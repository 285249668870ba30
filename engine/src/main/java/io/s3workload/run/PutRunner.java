package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.ObjectWrite;
import io.s3workload.s3.Payload;
import io.s3workload.workload.PutStage;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: put}: closed-loop PUTs (multipart above the threshold), one cell per size; registers the keys, with
 * those whose every PUT failed marked missing so that readers skip them.
 */
final class PutRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        PutStage spec = stage.spec(PutStage.class);
        String prefix = context.keyPrefix(stage.name(), cell.size());
        long keys = cell.keys().orElse(ClosedLoop.UNBOUNDED);
        CellKey key = new CellKey(stage.name(), Op.PUT, stage.endpoint(), cell.size());
        WrittenKeys written = new WrittenKeys();
        KeyClaims claims = spec.sharedKeys() || keys > KeyClaims.MOST_KEYS ? null : new KeyClaims(keys);
        CellRun.Outcome outcome = CellRun.run(context, stage, key, cell, cell.operations().orElse(ClosedLoop.UNBOUNDED),
                (i, worker, recorder) -> {
                    long claimed = claims == null ? -1 : claims.claim(i % keys);
                    long number = claimed >= 0 ? claimed : i % keys;
                    try {
                        String objectKey = prefix + number;
                        Payload.Body body = context.payload().body(objectKey, cell.size(), spec.writes().data());
                        long t0 = System.nanoTime();
                        Transfers.put(worker.store(), objectKey, body, spec.multipart(),
                                ObjectWrite.of(spec.writes(), context.payload(), objectKey));
                        recorder.success(System.nanoTime() - t0, body.length());
                        written.written(number);
                    } finally {
                        if (claimed >= 0) {
                            claims.release(claimed);
                        }
                    }
                });
        KeySet wrote = written.keySet(prefix, Math.min(keys, outcome.started())).madeAs(spec.writes().data());
        context.objects().register(stage.name(), cell.size(), wrote);
        if (wrote.missing() > 0) {
            context.note(stage.name(), wrote.missing() + " of " + wrote.span() + " " + cell.size() + " keys were"
                    + " never written (every PUT of them failed); stages reading from " + stage.name()
                    + " read the other " + wrote.count());
        }
        return outcome.cells();
    }
}
