package io.s3workload.kinds.copy;

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
import io.s3workload.run.keys.WrittenKeys;
import io.s3workload.run.loop.OpRecorder;
import io.s3workload.run.loop.Transfers;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import io.s3workload.workload.objects.ParallelRanges;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: copy}: server-side copies of the source stage's objects, round-robin, each to a new key of this stage
 * (CopyObject, or UploadPartCopy parts above the multipart threshold). A copy's bytes are its source's size. The
 * copies are registered as this stage's objects, so later stages can read, HEAD or delete them with {@code from}.
 */
public final class CopyRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        CopyStage spec = stage.spec(CopyStage.class);
        Optional<RunContext.Reading> source = context.reading(stage, cell.size());
        if (source.isEmpty()) {
            return List.of();
        }
        KeySet sources = source.get().keys();
        String prefix = context.keyPrefix(stage.name(), cell.size());
        CellKey key = new CellKey(stage.name(), Op.COPY, stage.endpoint(), source.get().size());
        boolean verify = spec.verify() && sources.verifiable();
        if (spec.verify() && !verify) {
            context.note(stage.name(), "verify: not done: the objects copied are copies of existing objects, whose"
                    + " content the run does not know");
        }
        WrittenKeys written = new WrittenKeys();
        KeyPicker picker = context.picker(stage, cell.size(), sources.count());
        CellRun.Outcome outcome = CellRun.run(context, stage, key, cell, cell.operationLimit(sources.count()),
                (i, worker, recorder) -> {
                    long index = picker.pick(i);
                    String sourceKey = sources.key(index);
                    String copyKey = prefix + i;
                    Payload.Body original = sources.verifiable() ? context.payload().body(
                            sources.contentKey(index), cell.size(), sources.shape()) : null;
                    long length = original == null ? sources.listedBytes(index) : original.length();
                    long t0 = System.nanoTime();
                    Transfers.copy(worker.store(), sourceKey, copyKey, length, spec.multipart());
                    long latency = System.nanoTime() - t0;
                    written.written(i);
                    if (verify) {
                        Transfers.get(worker.store(), copyKey, length, ParallelRanges.OFF, worker, original);
                        ReadTiming read = worker.timing();
                        if (read.mismatchAt() >= 0) {
                            recorder.failure(OpRecorder.DATA_MISMATCH, copyKey + " (a copy of " + sourceKey
                                    + ") at byte " + read.mismatchAt());
                            return;
                        }
                    }
                    recorder.success(latency, length);
                });
        KeySet wrote = written.keySet(prefix, outcome.started(), sources, picker::pick);
        context.objects().register(stage.name(), cell.size(), wrote);
        return outcome.offered(picker, stage.kind()).cells();
    }
}
