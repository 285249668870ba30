package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.Payload;
import io.s3workload.s3.ReadTiming;
import io.s3workload.workload.RangeReadStage;
import io.s3workload.workload.Sources;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code kind: rangeRead}: prepares the sources (or finds reusable ones), then reads chunk-aligned ranges from
 * them, at random or in order, recording time to first byte and latency per range request.
 */
final class RangeReadRunner implements CellStageRunner {

    /** User metadata that records which seed wrote a source, so a later run can verify a reused one. */
    static final String SEED_METADATA = "s3workload-seed";

    @Override
    public Optional<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        RangeReadStage spec = stage.spec(RangeReadStage.class);
        Sources sources = spec.sources();
        String prefix = sources.reuse()
                ? context.sharedPrefix() + "sources/" + sources.size().label() + "/"
                : context.runPrefix() + stage.name() + "/sources/" + sources.size().label() + "/";
        Payload[] payloads = prepare(stage, spec, prefix, context);
        if (context.cancelled()) {
            return Optional.empty();
        }
        long size = sources.size().bytes();
        long chunk = spec.chunk().bytes();
        long chunks = (size + chunk - 1) / chunk;
        CellKey key = new CellKey(stage.name(), Op.RANGE_GET, stage.endpoint(), cell.size());
        long limit = cell.operations().orElse(ClosedLoop.UNBOUNDED);
        return Optional.of(CellRun.run(context, stage, key, cell, limit, (i, worker, recorder) -> {
            int source = spec.sequential() ? (int) (i % sources.count()) : worker.random().nextInt(sources.count());
            long index = spec.sequential() ? (i / sources.count()) % chunks : worker.random().nextLong(chunks);
            long start = index * chunk;
            long length = Math.min(chunk, size - start);
            String objectKey = prefix + source;
            ReadTiming timing = worker.timing();
            timing.expect(spec.verify() && payloads[source] != null
                    ? payloads[source].body(objectKey, size).slice(start, length) : null);
            long t0 = System.nanoTime();
            worker.store().getRange(objectKey, start, length, worker.readBuffer(), timing);
            GetRunner.recordRead(recorder, objectKey, System.nanoTime() - t0, t0, timing);
        }).stats());
    }

    /**
     * Makes sure every source exists at the right size: reuses what is there (with {@code reuse}), uploads the rest
     * as streamed multipart, unmeasured. Returns, per source, the payload that wrote it (null: unknown, so reads of
     * it are not verified).
     */
    private Payload[] prepare(StagePlan stage, RangeReadStage spec, String prefix, RunContext context) {
        Sources sources = spec.sources();
        Payload[] payloads = new Payload[sources.count()];
        Map<Long, Payload> bySeed = new ConcurrentHashMap<>();
        CellRecorder uploads = new CellRecorder(new CellKey(stage.name(), Op.PUT, stage.endpoint(),
                io.s3workload.workload.SizeSpec.of(sources.size())));
        AtomicLong reused = new AtomicLong();
        var loop = new ClosedLoop.Spec(stage.name() + "-sources", Math.min(stage.concurrency(), sources.count()),
                sources.count(), Long.MAX_VALUE, context.clients().lease(stage), context.seed());
        context.note(stage.name(), "preparing " + sources.count() + " sources of " + sources.size() + " under "
                + prefix + (sources.reuse() ? " (reused when present)" : ""));
        ClosedLoop.run(loop, context::cancelled, uploads, (i, worker, recorder) -> {
            int index = (int) i;
            String key = prefix + index;
            ObjectStore store = worker.store();
            if (sources.reuse()) {
                Optional<ObjectStore.ObjectInfo> existing = store.head(key);
                if (existing.isPresent() && existing.get().size() == sources.size().bytes()) {
                    payloads[index] = seedOf(existing.get())
                            .map(seed -> bySeed.computeIfAbsent(seed, Payload::new)).orElse(null);
                    reused.incrementAndGet();
                    return;
                }
            }
            Payload.Body body = context.payload().body(key, sources.size().bytes());
            Transfers.put(store, key, body, spec.multipart(), Map.of(SEED_METADATA, Long.toString(context.seed())));
            payloads[index] = context.payload();
            recorder.success(0, body.length());
        });
        CellStats prepared = uploads.finish(0, -1, -1);
        context.note(stage.name(), "sources: " + reused.get() + " reused, " + prepared.operations() + " uploaded"
                + (prepared.errors() > 0 ? ", " + prepared.errors() + " failed " + prepared.errorsByClass() : "")
                + (sources.reuse() ? "; kept after the run for reuse" : ""));
        return payloads;
    }

    private static Optional<Long> seedOf(ObjectStore.ObjectInfo info) {
        try {
            return Optional.ofNullable(info.metadata().get(SEED_METADATA)).map(Long::parseLong);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
