package io.s3workload.kinds.get;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
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
import io.s3workload.run.loop.ClosedLoop;
import io.s3workload.run.loop.Transfers;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code kind: get}: closed-loop GETs over a source's keys or existing objects (picked by the stage's access), as parallel ranges above the threshold,
 * recording time to first byte and full latency, and checking every byte with {@code verify}. Without a source it
 * first seeds its own objects, unmeasured.
 */
public final class GetRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        GetStage spec = stage.spec(GetStage.class);
        Optional<RunContext.Reading> source = spec.from().isPresent() ? context.reading(stage, cell.size())
                : seed(stage, spec, cell, context).filter(k -> k.count() > 0)
                        .map(k -> new RunContext.Reading(k, cell.size()));
        if (source.isEmpty()) {
            return List.of();
        }
        KeySet keys = source.get().keys();
        long limit = cell.operationLimit(keys.count());
        CellKey key = new CellKey(stage.name(), Op.GET, stage.endpoint(), source.get().size());
        KeyPicker picker = context.picker(stage, cell.size(), keys.count());
        boolean verify = spec.verify() && keys.verifiable();
        if (spec.verify() && !verify) {
            context.note(stage.name(), "verify: not done: the objects read are copies of existing objects, whose"
                    + " content the run does not know");
        }
        LongAdder unvalidated = new LongAdder();
        CellRun.Outcome outcome = CellRun.run(context, stage, key, cell, limit, (i, worker, recorder) -> {
            long index = picker.pick(i);
            String objectKey = keys.key(index);
            // what the run wrote it knows; an existing object (or a copy of one) is as long as listed
            Payload.Body body = keys.verifiable()
                    ? context.payload().body(keys.contentKey(index), cell.size(), keys.shape()) : null;
            long length = body == null ? keys.listedBytes(index) : body.length();
            boolean ranged = spec.ranges().applies(length);
            worker.timing().validateChecksum(spec.validateChecksum() && !ranged);
            long t0 = System.nanoTime();
            Transfers.get(worker.store(), objectKey, length, spec.ranges(), worker, verify ? body : null);
            long latency = System.nanoTime() - t0;
            if (spec.validateChecksum() && (ranged || worker.timing().checksum() == ReadTiming.Checksum.NONE_SENT)) {
                unvalidated.increment();
            }
            if (worker.timing().checksum() == ReadTiming.Checksum.MISMATCH) {
                recorder.failure(ErrorClassifier.CHECKSUM_MISMATCH, objectKey);
                return;
            }
            recorder.read(objectKey, latency, t0, worker.timing());
        });
        if (unvalidated.sum() > 0) {
            context.note(stage.name(), unvalidated.sum() + " of " + outcome.started() + " GETs of " + cell.size()
                    + " were not checked against a checksum: the server sent none for the whole object (none"
                    + " stored, or a multipart object's composite one), or the object was read in ranges");
        }
        return outcome.offered(picker, stage.kind()).cells();
    }

    private Optional<KeySet> seed(StagePlan stage, GetStage spec, CellPlan cell, RunContext context) {
        long objects = stage.seedObjects().orElseThrow();
        String prefix = context.keyPrefix(stage.name(), cell.size());
        context.note(stage.name(), "seeding " + Units.count(objects, "object") + " of " + cell.size() + " (not measured)");
        CellRecorder seeding = new CellRecorder(new CellKey(stage.name(), Op.PUT, stage.endpoint(), cell.size()));
        var loop = ClosedLoop.Spec.unpaced(stage.name() + "-seed", stage.concurrency(), objects,
                context.clients().lease(stage), context.seed());
        WrittenKeys written = new WrittenKeys();
        long started = ClosedLoop.run(loop, context::cancelled, seeding, (i, worker, recorder) -> {
            String objectKey = prefix + i;
            Payload.Body body = context.payload().body(objectKey, cell.size(), spec.writes().data());
            Transfers.put(worker.store(), objectKey, body, spec.multipart(),
                    ObjectWrite.of(spec.writes(), context.payload(), objectKey));
            recorder.success(0, body.length());
            written.written(i);
        });
        CellStats seeded = seeding.finish(0, -1, -1);
        KeySet keys = written.keySet(prefix, started).madeAs(spec.writes().data());
        if (seeded.errors() > 0) {
            context.note(stage.name(), "seeding: " + seeded.errors() + " of " + objects + " PUTs failed "
                    + seeded.errorsByClass() + "; the GETs read the " + keys.count() + " written");
        }
        context.objects().register(stage.name(), cell.size(), keys);
        return Optional.of(keys);
    }
}
