package io.s3workload.run;

import io.s3workload.report.ReporterBus;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.Payload;
import io.s3workload.workload.DataSize;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/** What every stage of one run shares: its key prefix, payload, storage clients, reporters and cancellation. */
final class RunContext {

    private final String runPrefix;
    private final Payload payload;
    private final Map<String, ObjectStore> stores;
    private final ReporterBus reporters;
    private final ObjectRegistry objects = new ObjectRegistry();
    private final AtomicBoolean cancelled;

    RunContext(String runPrefix, Payload payload, Map<String, ObjectStore> stores, ReporterBus reporters,
               AtomicBoolean cancelled) {
        this.runPrefix = runPrefix;
        this.payload = payload;
        this.stores = Map.copyOf(stores);
        this.reporters = reporters;
        this.cancelled = cancelled;
    }

    /** Every key of the run starts with this, so the run never touches anything else. */
    String runPrefix() {
        return runPrefix;
    }

    /** {@code <run prefix><stage>/<size>/}: where a stage keeps its objects of one size. */
    String keyPrefix(String stage, DataSize size) {
        return runPrefix + stage + "/" + size.label() + "/";
    }

    Payload payload() {
        return payload;
    }

    ObjectStore store(String endpoint) {
        return stores.get(endpoint);
    }

    ReporterBus reporters() {
        return reporters;
    }

    ObjectRegistry objects() {
        return objects;
    }

    boolean cancelled() {
        return cancelled.get();
    }

    void note(String stage, String message) {
        reporters.post(r -> r.note(stage, message));
    }
}
