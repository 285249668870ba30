package io.s3workload.kinds.delete;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.StageBinder;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code kind: delete}: deletes the objects of stage {@code from}. */
public final class DeleteStageBinder implements StageBinder {

    private static final Set<StageKind> DELETE = EnumSet.of(StageKind.DELETE);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(DELETE, "batch", "count", 1, 500, "Keys per operation: above 1, each operation is one"
                    + " DeleteObjects request of up to this many keys (at most 1000), its items the keys removed."));
    }

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
