package io.s3workload.workload.yaml;

import io.s3workload.workload.DeleteStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.Optional;

/** {@code kind: delete}: deletes the objects of stage {@code from}. */
public final class DeleteStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        if (f.raw("from") != null && f.raw("from").isObject()) {
            f.binding().problem(f.child("from"), "a delete stage deletes what an earlier stage of this run wrote:"
                    + " name it (from: put-1mib); objects the run did not write are never deleted");
            return Optional.empty();
        }
        int batch = f.intOr("batch", 1);
        if (batch > DeleteStage.MAX_BATCH) {
            f.binding().problem(f.child("batch"), "a DeleteObjects request names at most " + DeleteStage.MAX_BATCH
                    + " keys, got " + batch);
        }
        return f.requiredText("from", "the stage whose objects to delete")
                .map(from -> new DeleteStage(common, from, batch));
    }
}
