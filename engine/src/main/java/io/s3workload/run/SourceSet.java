package io.s3workload.run;

import io.s3workload.ground.SizeSpec;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.CleanupResult;
import io.s3workload.run.keys.ExistingObjects;
import io.s3workload.run.loop.ClosedLoop;
import io.s3workload.run.loop.Transfers;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.Sources;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The large source objects a stage reads ranges from (rangeRead, transcode): made sure to exist at the right size
 * before the stage measures anything (or, for a rangeRead over existing objects, those objects as listed) — reused when present (with {@code reuse}), else uploaded as streamed
 * multipart, unmeasured — with, per source, the payload that wrote it so reads can be verified.
 */
public final class SourceSet {

    /** User metadata that records which seed wrote a source, so a later run can verify a reused one. */
    static final String SEED_METADATA = "s3workload-seed";
    /**
     * User metadata that records how a source's bytes were made ({@code 3:unique}): a source made otherwise — by an
     * older s3workload's generator (1: slices of one block, 2: SplitMix64 words), or with other data settings — is
     * written again.
     */
    static final String DATA_METADATA = "s3workload-data";
    /** The error of a stage told to verify whose sources were all written by an unknown hand. */
    public static final String NOTHING_VERIFIABLE = "verify: true, but no source can be verified (none has a recorded seed)";

    private final Sources sources;
    private final String prefix;
    private final Payload[] payloads;
    private final Optional<CellStats> failedUploads;
    /** The existing objects read instead of sources of the run's own ({@code from: {prefix}}), or null. */
    private final ExistingObjects existing;

    private SourceSet(Sources sources, String prefix, Payload[] payloads, Optional<CellStats> failedUploads,
                      ExistingObjects existing) {
        this.sources = sources;
        this.prefix = prefix;
        this.payloads = payloads;
        this.failedUploads = failedUploads;
        this.existing = existing;
    }

    /** Existing objects to read ranges of, as they are: none is verifiable. */
    public static SourceSet existing(ExistingObjects objects) {
        return new SourceSet(null, objects.prefix().prefix(), new Payload[objects.count()], Optional.empty(),
                objects);
    }

    /**
     * When some source could not be made ready (its upload, or the HEAD that looked for it, failed): those failures,
     * as a PUT cell with their error classes and keys. A stage then stops rather than measure reads of what is not
     * there.
     */
    public Optional<CellStats> failedUploads() {
        return failedUploads;
    }

    /** How many sources were reused without a recorded seed, so that reads of them cannot be verified. */
    public int unverifiable() {
        int n = 0;
        for (Payload p : payloads) {
            n += p == null ? 1 : 0;
        }
        return n;
    }

    public int count() {
        return payloads.length;
    }

    public String key(int source) {
        return existing != null ? existing.key(source) : prefix + source;
    }

    /** The size of a source, in bytes. */
    public long size(int source) {
        return existing != null ? existing.size(source) : sources.size().bytes();
    }

    /**
     * The expected bytes {@code [start, start + length)} of a source, or null when the source's writer is unknown
     * (reused without a recorded seed), so the read cannot be verified.
     */
    public Payload.Body expected(int source, long start, long length) {
        Payload payload = payloads[source];
        return payload == null ? null : payload.body(key(source), sources.size().bytes(), sources.data())
                .slice(start, length);
    }

    /** Reuses or uploads every source; notes what it did. */
    public static SourceSet prepare(StagePlan stage, Sources sources, Multipart multipart, RunContext context) {
        String prefix = sources.reuse()
                ? context.sharedPrefix() + "sources/" + sources.label() + "/"
                : context.runPrefix() + stage.name() + "/sources/" + sources.label() + "/";
        String made = madeAs(sources.data());
        Payload[] payloads = new Payload[sources.count()];
        Map<Long, Payload> bySeed = new ConcurrentHashMap<>();
        CellKey preparation = new CellKey(stage.name(), Op.PUT, stage.endpoint(), SizeSpec.of(sources.size()));
        CellRecorder uploads = new CellRecorder(preparation);
        String[] lastError = new String[sources.count()];
        boolean[] ready = new boolean[sources.count()];
        long preparing = System.nanoTime();
        AtomicLong reused = new AtomicLong();
        var loop = ClosedLoop.Spec.unpaced(stage.name() + "-sources", Math.min(stage.concurrency(), sources.count()),
                sources.count(), context.clients().lease(stage), context.seed());
        context.note(stage.name(), "preparing " + Units.count(sources.count(), "source") + " of " + sources.size() + " under "
                + prefix + (sources.reuse() ? " (reused when present)" : ""));
        ClosedLoop.run(loop, context::cancelled, uploads, (i, worker, recorder) -> {
            int index = (int) i;
            String key = prefix + index;
            ObjectStore store = worker.store();
            try {
                if (sources.reuse()) {
                    Optional<ObjectStore.ObjectInfo> existing = store.head(key);
                    if (existing.isPresent() && existing.get().size() == sources.size().bytes()
                            && reusable(existing.get(), made)) {
                        payloads[index] = seedOf(existing.get())
                                .map(seed -> bySeed.computeIfAbsent(seed, Payload::new)).orElse(null);
                        reused.incrementAndGet();
                        ready[index] = true;
                        return;
                    }
                }
                Payload.Body body = context.payload().body(key, sources.size().bytes(), sources.data());
                Transfers.put(store, key, body, multipart, ObjectWrite.metadata(Map.of(SEED_METADATA,
                        Long.toString(context.seed()), DATA_METADATA, made)));
                payloads[index] = context.payload();
                ready[index] = true;
                recorder.success(0, body.length());
            } catch (StoreException e) {
                lastError[index] = e.errorClass(); // of the last attempt: preparation rides out transient failures
                throw e;
            }
        });
        CellStats prepared = uploads.finish(0, -1, -1);
        Optional<CellStats> failed = Optional.empty();
        if (prepared.errors() > 0 && !context.cancelled()) {
            CellRecorder failures = new CellRecorder(preparation);
            for (int i = 0; i < ready.length; i++) {
                if (!ready[i]) {
                    failures.failure(lastError[i] == null ? "not attempted" : lastError[i], prefix + i);
                }
            }
            failed = Optional.of(failures.finish(System.nanoTime() - preparing, -1, -1));
            context.note(stage.name(), prepared.errors() + " of " + Units.count(sources.count(), "source") + " could not be made"
                    + " ready, so the stage stops here instead of measuring reads of missing objects (the failures"
                    + " are its PUT cell)");
        }
        if (sources.reuse()) {
            context.keep(new CleanupResult.Kept(prefix, sources.count(),
                    sources.count() * sources.size().bytes()));
        }
        context.note(stage.name(), "sources: " + reused.get() + " reused, " + prepared.operations() + " uploaded"
                + (prepared.errors() > 0 ? ", " + prepared.errors() + " failed " + prepared.errorsByClass() : "")
                + (sources.reuse() ? "; kept after the run for reuse" : ""));
        return new SourceSet(sources, prefix, payloads, failed, null);
    }

    /**
     * Whether a source of the right size may be read as it is: one s3workload made the same way (then verifiable by its
     * seed), or one another tool left (no record of its maker: read, but not verifiable). One s3workload made
     * otherwise — an older version's block slices, or other data settings — is written again.
     */
    private static boolean reusable(ObjectStore.ObjectInfo info, String made) {
        String data = info.metadata().get(DATA_METADATA);
        return made.equals(data) || data == null && !info.metadata().containsKey(SEED_METADATA);
    }

    /** What {@link #DATA_METADATA} says of bodies made as {@code shape} by this generator (version 3: the table). */
    static String madeAs(DataShape shape) {
        return "3:" + shape;
    }

    private static Optional<Long> seedOf(ObjectStore.ObjectInfo info) {
        try {
            return Optional.ofNullable(info.metadata().get(SEED_METADATA)).map(Long::parseLong);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
