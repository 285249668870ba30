package io.s3workload.workload.yaml;

import io.s3workload.workload.ReadAfterWriteStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.Optional;

/**
 * {@code kind: readAfterWrite}: write (PUT, copy or new version) through writers, poll readers with GET or HEAD
 * until they show the write.
 */
public final class ReadAfterWriteStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var readWith = f.choiceOr("readWith", ReadAfterWriteStage.ReadWith.class);
        var writeWith = f.choiceOr("writeWith", ReadAfterWriteStage.WriteWith.class);
        if (writeWith == ReadAfterWriteStage.WriteWith.VERSION && readWith == ReadAfterWriteStage.ReadWith.HEAD) {
            f.binding().problem(f.child("readWith"), "a version is read back by its id with GET; 'readWith: head' does not go with"
                    + " 'writeWith: version'");
            return Optional.empty();
        }
        return ProbeBinder.probe(f).map(probe -> new ReadAfterWriteStage(common, probe, readWith, writeWith));
    }
}
