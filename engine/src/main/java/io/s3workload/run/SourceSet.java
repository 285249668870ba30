package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ObjectWrite;
import io.s3workload.s3.Payload;
import io.s3workload.workload.Multipart;
import io.s3workload.workload.SizeSpec;
import io.s3workload.workload.Sources;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The large source objects a stage reads ranges from (rangeRead, transcode): made sure to exist at the right size
 * before the stage measures anything — reused when present (with {@code reuse}), else uploaded as streamed
 * multipart, unmeasured — with, per source, the payload that wrote it so reads can be verified.
 */
final class SourceSet {

    /** User metadata that records which seed wrote a source, so a later run can verify a reused one. */
    static final String SEED_METADATA = "s3workload-seed";

    private final Sources sources;
    private final String prefix;
    private final Payload[] payloads;

    private SourceSet(Sources sources, String prefix, Payload[] payloads) {
        this.sources = sources;
        this.prefix = prefix;
        this.payloads = payloads;
    }

    String key(int source) {
        return prefix + source;
    }

    /**
     * The expected bytes {@code [start, start + length)} of a source, or null when the source's writer is unknown
     * (reused without a recorded seed), so the read cannot be verified.
     */
    Payload.Body expected(int source, long start, long length) {
        Payload payload = payloads[source];
        return payload == null ? null : payload.body(key(source), sources.size().bytes()).slice(start, length);
    }

    /** Reuses or uploads every source; notes what it did. */
    static SourceSet prepare(StagePlan stage, Sources sources, Multipart multipart, RunContext context) {
        String prefix = sources.reuse()
                ? context.sharedPrefix() + "sources/" + sources.size().label() + "/"
                : context.runPrefix() + stage.name() + "/sources/" + sources.size().label() + "/";
        Payload[] payloads = new Payload[sources.count()];
        Map<Long, Payload> bySeed = new ConcurrentHashMap<>();
        CellRecorder uploads = new CellRecorder(new CellKey(stage.name(), Op.PUT, stage.endpoint(),
                SizeSpec.of(sources.size())));
        AtomicLong reused = new AtomicLong();
        var loop = ClosedLoop.Spec.unpaced(stage.name() + "-sources", Math.min(stage.concurrency(), sources.count()),
                sources.count(), context.clients().lease(stage), context.seed());
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
            Transfers.put(store, key, body, multipart,
                    ObjectWrite.metadata(Map.of(SEED_METADATA, Long.toString(context.seed()))));
            payloads[index] = context.payload();
            recorder.success(0, body.length());
        });
        CellStats prepared = uploads.finish(0, -1, -1);
        if (sources.reuse()) {
            context.keep(new io.s3workload.result.CleanupResult.Kept(prefix, sources.count(),
                    sources.count() * sources.size().bytes()));
        }
        context.note(stage.name(), "sources: " + reused.get() + " reused, " + prepared.operations() + " uploaded"
                + (prepared.errors() > 0 ? ", " + prepared.errors() + " failed " + prepared.errorsByClass() : "")
                + (sources.reuse() ? "; kept after the run for reuse" : ""));
        return new SourceSet(sources, prefix, payloads);
    }

    private static Optional<Long> seedOf(ObjectStore.ObjectInfo info) {
        try {
            return Optional.ofNullable(info.metadata().get(SEED_METADATA)).map(Long::parseLong);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
