package io.s3workload.run;

import io.s3workload.report.ReporterBus;
import io.s3workload.s3.Payload;
import io.s3workload.workload.SizeSpec;
import java.util.concurrent.atomic.AtomicBoolean;

/** What every stage of one run shares: its key prefix, payload, clients, reporters and cancellation. */
final class RunContext {

    private final String runPrefix;
    private final String sharedPrefix;
    private final Payload payload;
    private final Clients clients;
    private final ReporterBus reporters;
    private final ObjectRegistry objects = new ObjectRegistry();
    private final AtomicBoolean cancelled;

    RunContext(String runPrefix, String sharedPrefix, Payload payload, Clients clients, ReporterBus reporters,
               AtomicBoolean cancelled) {
        this.runPrefix = runPrefix;
        this.sharedPrefix = sharedPrefix;
        this.payload = payload;
        this.clients = clients;
        this.reporters = reporters;
        this.cancelled = cancelled;
    }

    /** Every key of the run starts with this, so the run never touches anything else (but reusable sources). */
    String runPrefix() {
        return runPrefix;
    }

    /** {@code <prefix>/}: where objects meant to outlive a run (reusable sources) are kept. */
    String sharedPrefix() {
        return sharedPrefix;
    }

    /** {@code <run prefix><stage>/<size>/}: where a stage keeps its objects of one size. */
    String keyPrefix(String stage, SizeSpec size) {
        return runPrefix + stage + "/" + size.label() + "/";
    }

    Payload payload() {
        return payload;
    }

    long seed() {
        return payload.seed();
    }

    Clients clients() {
        return clients;
    }

    ReporterBus reporters() {
        return reporters;
    }

    ObjectRegistry objects() {
        return objects;
    }

    /**
     * The keys the stage's source wrote at the cell's size; empty (after a note saying so) when it wrote none, so
     * that the cell is skipped.
     */
    java.util.Optional<KeySet> sourceKeys(io.s3workload.plan.StagePlan stage, SizeSpec size) {
        String from = stage.from().orElseThrow();
        java.util.Optional<KeySet> keys = objects.keys(from, size).filter(k -> k.count() > 0);
        if (keys.isEmpty()) {
            note(stage.name(), "stage " + from + " wrote no " + size + " objects; cell skipped");
        }
        return keys;
    }

    boolean cancelled() {
        return cancelled.get();
    }

    void note(String stage, String message) {
        reporters.post(r -> r.note(stage, message));
    }
}
