package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.ReadTiming;
import io.s3workload.workload.RangeReadStage;
import io.s3workload.workload.Sources;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: rangeRead}: prepares the sources (or finds reusable ones), then reads chunk-aligned ranges from
 * them, at random or in order, recording time to first byte and latency per range request.
 */
final class RangeReadRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        RangeReadStage spec = stage.spec(RangeReadStage.class);
        Sources sources = spec.sources();
        SourceSet set = SourceSet.prepare(stage, sources, spec.multipart(), context);
        if (context.cancelled()) {
            return List.of();
        }
        long size = sources.size().bytes();
        long chunk = spec.chunk().bytes();
        long chunks = (size + chunk - 1) / chunk;
        CellKey key = new CellKey(stage.name(), Op.RANGE_GET, stage.endpoint(), cell.size());
        long limit = cell.operations().orElse(ClosedLoop.UNBOUNDED);
        return CellRun.run(context, stage, key, cell, limit, (i, worker, recorder) -> {
            int source = spec.sequential() ? (int) (i % sources.count()) : worker.random().nextInt(sources.count());
            long index = spec.sequential() ? (i / sources.count()) % chunks : worker.random().nextLong(chunks);
            long start = index * chunk;
            long length = Math.min(chunk, size - start);
            String objectKey = set.key(source);
            ReadTiming timing = worker.timing();
            timing.expect(spec.verify() ? set.expected(source, start, length) : null);
            long t0 = System.nanoTime();
            worker.store().getRange(objectKey, start, length, worker.readBuffer(), timing);
            GetRunner.recordRead(recorder, objectKey, System.nanoTime() - t0, t0, timing);
        }).cells();
    }
}
