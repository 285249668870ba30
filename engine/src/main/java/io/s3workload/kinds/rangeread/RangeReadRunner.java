package io.s3workload.kinds.rangeread;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.CellRun;
import io.s3workload.run.CellStageRunner;
import io.s3workload.run.RunContext;
import io.s3workload.run.SourceSet;
import io.s3workload.run.keys.ExistingObjects;
import io.s3workload.run.keys.KeyPicker;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code kind: rangeRead}: prepares the sources (or finds reusable ones, or lists the existing objects it reads),
 * then reads chunk-aligned ranges from them, at random or in order, or ranges of random lengths at random offsets,
 * recording time to first byte and latency per range request.
 */
public final class RangeReadRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        RangeReadStage spec = stage.spec(RangeReadStage.class);
        SourceSet set;
        if (spec.from().isPresent()) {
            Optional<ExistingObjects> listed = context.existing(stage, 1); // an empty object has no range to read
            if (listed.isEmpty()) {
                return List.of();
            }
            set = SourceSet.existing(listed.get());
        } else {
            set = SourceSet.prepare(stage, spec.sources().get(), spec.multipart(), context);
        }
        if (context.cancelled()) {
            return List.of();
        }
        if (set.failedUploads().isPresent()) {
            return List.of(set.failedUploads().get());
        }
        CellKey key = new CellKey(stage.name(), Op.RANGE_GET, stage.endpoint(), cell.size());
        if (spec.verify() && set.unverifiable() > 0) {
            context.note(stage.name(), set.unverifiable() + " of " + set.count() + " reused sources have no recorded"
                    + " seed (written by another tool or an older version), so reads of them cannot be verified;"
                    + " delete them, or set reuse: false, to have them written again");
            if (set.unverifiable() == set.count()) {
                CellRecorder refused = new CellRecorder(key);
                refused.failure(SourceSet.NOTHING_VERIFIABLE, set.key(0));
                return List.of(refused.finish(0, -1, -1));
            }
        }
        long chunk = spec.chunk().maxBytes();
        int count = set.count();
        boolean fixed = spec.chunk().minBytes() == chunk;
        AtomicLong unverified = new AtomicLong();
        long limit = cell.operationLimit();
        // the source each read takes: in turn when sequential, else by the stage's access (at random by default)
        KeyPicker picker = context.picker(stage, cell.size(), count);
        CellRun.Outcome outcome = CellRun.run(context, stage, key, cell, limit, (i, worker, recorder) -> {
            int source = spec.sequential() ? (int) (i % count) : (int) picker.pick(i);
            long size = set.size(source);
            long start;
            long length;
            if (fixed) {
                long chunks = (size + chunk - 1) / chunk;
                long index = spec.sequential() ? (i / count) % chunks : worker.random().nextLong(chunks);
                start = index * chunk;
                length = Math.min(chunk, size - start);
            } else {
                // a length in the range (no longer than the object), at an offset where it fits
                length = Math.min(size, spec.chunk().minBytes()
                        + worker.random().nextLong(chunk - spec.chunk().minBytes() + 1));
                start = worker.random().nextLong(size - length + 1);
            }
            String objectKey = set.key(source);
            ReadTiming timing = worker.timing();
            Payload.Body expected = spec.verify() ? set.expected(source, start, length) : null;
            if (spec.verify() && expected == null) {
                unverified.incrementAndGet();
            }
            timing.expect(expected);
            long t0 = System.nanoTime();
            worker.store().getRange(objectKey, start, length, worker.readBuffer(), timing);
            recorder.read(objectKey, System.nanoTime() - t0, t0, timing);
        });
        List<CellStats> cells = spec.sequential() ? outcome.cells() : outcome.offered(picker, stage.kind()).cells();
        if (unverified.get() > 0) {
            context.note(stage.name(), unverified.get() + " range reads were not verified (their sources have no"
                    + " recorded seed)");
        }
        return cells;
    }
}
