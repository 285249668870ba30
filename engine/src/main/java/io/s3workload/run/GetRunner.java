package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.ObjectStore;
import java.util.Optional;

/**
 * {@code kind: get}: closed-loop GETs over a source's keys (round-robin), recording time to first byte and full
 * latency. Without a source it first seeds its own objects, unmeasured.
 */
final class GetRunner implements StageRunner {

    @Override
    public Optional<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        Optional<KeySet> source = stage.from().isPresent()
                ? context.objects().keys(stage.from().get(), cell.size())
                : seed(stage, cell, context);
        if (source.isEmpty() || source.get().count() == 0) {
            context.note(stage.name(), "no " + cell.size() + " objects to read; cell skipped");
            return Optional.empty();
        }
        KeySet keys = source.get();
        ObjectStore store = context.store(stage.endpoint());
        long limit = cell.operations().orElse(cell.duration().isPresent() ? ClosedLoop.UNBOUNDED : keys.count());
        CellKey key = new CellKey(stage.name(), Op.GET, stage.endpoint(), cell.size());
        return Optional.of(CellRun.run(context, key, cell, limit, stage.concurrency(), (i, worker, recorder) -> {
            String objectKey = keys.key(i % keys.count());
            long t0 = System.nanoTime();
            store.get(objectKey, worker.readBuffer(), worker.timing());
            long end = System.nanoTime();
            recorder.success(end - t0, worker.timing().firstByteNanos() - t0, worker.timing().bytes());
        }).stats());
    }

    private Optional<KeySet> seed(StagePlan stage, CellPlan cell, RunContext context) {
        long objects = stage.seedObjects().orElseThrow();
        String prefix = context.keyPrefix(stage.name(), cell.size());
        long sizeBytes = cell.size().bytes();
        ObjectStore store = context.store(stage.endpoint());
        context.note(stage.name(), "seeding " + objects + " objects of " + cell.size() + " (not measured)");
        CellRecorder seeding = new CellRecorder(new CellKey(stage.name(), Op.PUT, stage.endpoint(), cell.size()));
        ClosedLoop.run(stage.name() + "-seed", stage.concurrency(), objects, Long.MAX_VALUE, context::cancelled,
                seeding, (i, worker, recorder) -> {
                    String objectKey = prefix + i;
                    store.put(objectKey, context.payload().body(objectKey, sizeBytes));
                    recorder.success(0, sizeBytes);
                });
        CellStats seeded = seeding.finish(0, -1);
        if (seeded.errors() > 0) {
            context.note(stage.name(), "seeding: " + seeded.errors() + " of " + objects + " PUTs failed "
                    + seeded.errorsByClass() + "; reads of those keys will fail");
        }
        KeySet keys = new KeySet(prefix, context.cancelled() ? 0 : objects);
        context.objects().register(stage.name(), cell.size(), keys);
        return Optional.of(keys);
    }
}
