package io.s3workload.run;

import io.s3workload.plan.StagePlan;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.run.clients.OwnRequests;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import java.util.Optional;

/** Whether the run's bucket keeps versions, as the kinds that write versions need it to (versions, readAfterWrite). */
public final class BucketVersioning {

    /** The error class of a versioned write to a bucket that keeps no versions. */
    public static final String NOT_VERSIONED = "bucket keeps no versions";

    private BucketVersioning() {
    }

    /**
     * Why the bucket cannot take versioned writes through {@code store} — it keeps no versions, or
     * GetBucketVersioning failed — noted on the stage with the way out; empty when it keeps versions.
     */
    public static Optional<String> unversioned(StagePlan stage, ObjectStore store, RunContext context) {
        String problem;
        try {
            problem = OwnRequests.until(System.nanoTime() + OwnRequests.BUDGET.toNanos())
                    .logged(context.clients().opsLog(), OpsSink.PREFLIGHT, stage.name())
                    .call("GetBucketVersioning", store.versions()::versioningEnabled) ? null : NOT_VERSIONED;
        } catch (StoreException e) {
            problem = "GetBucketVersioning failed: " + e.errorClass();
        }
        if (problem != null) {
            String bucket = context.clients().bucket();
            context.note(stage.name(), "bucket " + bucket + " keeps no versions (GetBucketVersioning is not"
                    + " Enabled); turn it on, e.g. aws s3api put-bucket-versioning --bucket " + bucket
                    + " --versioning-configuration Status=Enabled, or use a bucket that has it");
        }
        return Optional.ofNullable(problem);
    }
}
