package io.s3workload.run;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.ReporterBus;
import io.s3workload.run.clients.Clients;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.run.clients.OwnRequests;
import io.s3workload.run.keys.ExistingObjects;
import io.s3workload.run.keys.KeyPicker;
import io.s3workload.run.keys.KeySet;
import io.s3workload.run.keys.ObjectRegistry;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.Payload;
import io.s3workload.workload.objects.ObjectsFrom;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/** What every stage of one run shares: its key prefix, payload, clients, reporters and cancellation. */
public final class RunContext {

    private final String runPrefix;
    private final String sharedPrefix;
    private final Payload payload;
    private final Clients clients;
    private final ReporterBus reporters;
    private final ObjectRegistry objects;
    private final AtomicBoolean runCancelled;
    private final BooleanSupplier cancelled;
    private final List<CleanupResult.Kept> kept =
            new CopyOnWriteArrayList<>();
    /**
     * What running cells say as they go: {@link Chatter#ALL} but for a capacity search's steps (their settling is in
     * the stage's header) and probes (kept out of the results, so live reporters count only what the results hold).
     */
    private final Chatter chatter;

    /**
     * What running cells post: progress each second, and a note when they warm up. {@code STEP} is a capacity
     * search's step: no warm-up note, and no later stage reads what it writes.
     */
    public enum Chatter { ALL, STEP, NOTHING }

    RunContext(String runPrefix, String sharedPrefix, Payload payload, Clients clients, ReporterBus reporters,
               AtomicBoolean cancelled) {
        this(runPrefix, sharedPrefix, payload, clients, reporters, cancelled, cancelled::get, new ObjectRegistry(),
                Chatter.ALL);
    }

    private RunContext(String runPrefix, String sharedPrefix, Payload payload, Clients clients,
                       ReporterBus reporters, AtomicBoolean runCancelled, BooleanSupplier cancelled,
                       ObjectRegistry objects, Chatter chatter) {
        this.runPrefix = runPrefix;
        this.sharedPrefix = sharedPrefix;
        this.payload = payload;
        this.clients = clients;
        this.reporters = reporters;
        this.runCancelled = runCancelled;
        this.cancelled = cancelled;
        this.objects = objects;
        this.chatter = chatter;
    }

    /** A recorder for a cell of this run: naming as many of its slowest operations as the workload says. */
    public CellRecorder recorder(CellKey key) {
        return new CellRecorder(key, clients.slowest());
    }

    /** The same run, its cells saying only {@code chatter}. */
    public RunContext saying(Chatter chatter) {
        return new RunContext(runPrefix, sharedPrefix, payload, clients, reporters, runCancelled, cancelled, objects,
                chatter);
    }

    /** Whether running cells post their progress each second. */
    boolean reported() {
        return chatter != Chatter.NOTHING;
    }

    /** Whether later stages may read what this one writes (a capacity search's steps' objects are read by none). */
    public boolean readLater() {
        return chatter != Chatter.STEP;
    }

    /** Whether a cell says when it warms up. */
    boolean notesWarmUp() {
        return chatter == Chatter.ALL;
    }

    /** The same run, for a stage that must also stop when {@code stop} says so (a stage running 'with' another). */
    RunContext stoppingWhen(BooleanSupplier stop) {
        BooleanSupplier outer = cancelled;
        return new RunContext(runPrefix, sharedPrefix, payload, clients, reporters, runCancelled,
                () -> outer.getAsBoolean() || stop.getAsBoolean(), objects, chatter);
    }

    /**
     * Whether the whole run is stopping (Ctrl-C, a stopRun failure), as opposed to this stage being told to start
     * nothing new ({@link #cancelled}): work already started, such as a probe's reads of a write it made, goes on.
     */
    public boolean runCancelled() {
        return runCancelled.get();
    }

    /** Every key of the run starts with this, so the run never touches anything else (but reusable sources). */
    public String runPrefix() {
        return runPrefix;
    }

    /** Sources a stage keeps after the run (outside the run prefix), for the cleanup line. */
    void keep(CleanupResult.Kept sources) {
        if (!kept.contains(sources)) {
            kept.add(sources);
        }
    }

    List<CleanupResult.Kept> keptSources() {
        return List.copyOf(kept);
    }

    /** {@code <prefix>/}: where objects meant to outlive a run (reusable sources) are kept. */
    String sharedPrefix() {
        return sharedPrefix;
    }

    /** {@code <run prefix><stage>/<size>/}: where a stage keeps its objects of one size. */
    public String keyPrefix(String stage, SizeSpec size) {
        return runPrefix + stage + "/" + size.label() + "/";
    }

    /** The buckets the run's keys are spread over (one: the run's bucket). */
    List<String> buckets() {
        return clients.buckets();
    }

    public Payload payload() {
        return payload;
    }

    /**
     * The key picker of a reading cell of {@code stage} over {@code keys} keys: the stage's access distribution, drawn
     * from the run's seed with the stage's name and the cell's size mixed in (so stages and cells differ). A shard,
     * whose run prefix differs, draws its own sequence from the same distribution, over the same hot keys when it
     * reads the same keys (existing objects).
     */
    public KeyPicker picker(StagePlan stage, SizeSpec size, long keys) {
        long ranks = payload.seed() * 31 + (stage.name() + "\n" + size.label()).hashCode();
        return new KeyPicker(stage.access(), keys, ranks, ranks * 31 + runPrefix.hashCode());
    }

    public long seed() {
        return payload.seed();
    }

    public Clients clients() {
        return clients;
    }

    /**
     * An operation recorded into {@code cell} outside a loop (a probe's write or poll, a check's request), also a row
     * of the ops log when the run keeps one: begun at {@code beganNanos}, ended now, marked {@code own} (empty:
     * measured), failed with {@code error} (null: it succeeded).
     */
    public void logOperation(CellRecorder cell, String own, long beganNanos, long bytes,
                             long latencyNanos, String error) {
        clients.opsLog().ifPresent(log -> log.cell(cell.key(), own, beganNanos, bytes, latencyNanos, error));
    }

    ReporterBus reporters() {
        return reporters;
    }

    public ObjectRegistry objects() {
        return objects;
    }

    /**
     * What a reading cell reads: its keys, and the sizes the cell is reported under (for existing objects, those
     * listed; else the cell's own).
     */
    public record Reading(KeySet keys, SizeSpec size) {
    }

    /**
     * What a reading cell of {@code stage} reads at {@code size}: the existing objects under its prefix (listed now),
     * or the keys its source stage wrote; empty (after a note) when there are none.
     */
    public Optional<Reading> reading(StagePlan stage, SizeSpec size) {
        if (stage.existing().isPresent()) {
            return existing(stage, 0).map(listed -> new Reading(KeySet.existing(listed), listed.sizes()));
        }
        return sourceKeys(stage, size).map(keys -> new Reading(keys, size));
    }

    /**
     * The keys the stage's source wrote at the cell's size; empty (after a note saying so) when it wrote none, so
     * that the cell is skipped.
     */
    public Optional<KeySet> sourceKeys(StagePlan stage, SizeSpec size) {
        String from = stage.from().orElseThrow();
        Optional<KeySet> keys = objects.keys(from, size).filter(k -> k.count() > 0);
        if (keys.isEmpty()) {
            note(stage.name(), "stage " + from + " wrote no " + size + " objects; cell skipped");
        }
        return keys;
    }

    /**
     * The existing objects {@code stage} reads ({@code from: {prefix}}) of at least {@code smallest} bytes, listed now,
     * before its cell, and not measured; the stage notes what it found. Empty, after a note, when there are none or
     * the listing failed for good.
     */
    public Optional<ExistingObjects> existing(StagePlan stage, long smallest) {
        ObjectsFrom.Prefix prefix = stage.existing().orElseThrow();
        long started = System.nanoTime();
        ExistingObjects listed;
        try {
            listed = ExistingObjects.list(clients.shared(stage.endpoint(), stage.client()), prefix,
                    OwnRequests.preflight(this::cancelled).logged(clients.opsLog(),
                            OpsSink.PREPARATION, stage.name()), smallest);
        } catch (StoreException e) {
            note(stage.name(), "listing the existing objects under " + prefix.prefix() + " failed: " + e.errorClass()
                    + "; cell skipped");
            return Optional.empty();
        }
        note(stage.name(), "listed " + listed.count() + " existing objects, "
                + DataSize.ofBytes(listed.totalBytes()) + ", under " + prefix.prefix() + " in "
                + Units.seconds(System.nanoTime() - started) + " (not measured; read only: never"
                + " written, deleted or verified)" + (listed.skipped() > 0 ? "; left out " + listed.skipped()
                + (smallest > 1 ? " empty objects and folder markers" : " folder markers") : "")
                + (listed.truncated() ? "; the prefix holds more: the first " + ExistingObjects.MOST_KEYS
                + " are read" : ""));
        if (listed.count() == 0) {
            note(stage.name(), "no object to read under " + prefix.prefix() + "; cell skipped");
            return Optional.empty();
        }
        return Optional.of(listed);
    }

    public boolean cancelled() {
        return cancelled.getAsBoolean();
    }

    public void note(String stage, String message) {
        reporters.post(r -> r.note(stage, message));
    }
}
