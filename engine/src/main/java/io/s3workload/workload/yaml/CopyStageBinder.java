package io.s3workload.workload.yaml;

import io.s3workload.workload.CopyStage;
import io.s3workload.workload.ObjectsFrom;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.Optional;

/** {@code kind: copy}: server-side copies of stage {@code from}'s objects, or of existing objects under a prefix. */
public final class CopyStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var stop = StopBinder.stop(f);
        var multipart = TransferBinder.copyMultipart(f, CopyStage.DEFAULT_MULTIPART);
        boolean verify = f.boolOr("verify");
        Optional<ObjectsFrom> from = ObjectsFromBinder.required(f,
                "the stage whose objects to copy, e.g. from: put-1mib");
        if (verify && from.isPresent()) {
            ObjectsFromBinder.unverifiable(f, from.get());
        }
        return from.map(source -> new CopyStage(common, source, stop, multipart, verify));
    }
}
