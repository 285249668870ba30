package io.s3workload.workload.yaml;

import io.s3workload.workload.CopyStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code kind: copy}: server-side copies of stage {@code from}'s objects. */
final class CopyStageBinder implements StageBinder {

    @Override
    public Set<String> keys() {
        return Set.of("from", "duration", "operations", "multipart", "verify");
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var stop = StopBinder.stop(f);
        var multipart = TransferBinder.multipart(f, List.of(), CopyStage.DEFAULT_MULTIPART);
        boolean verify = f.bool("verify").orElse(false);
        return f.requiredText("from", "the stage whose objects to copy, e.g. from: put-1mib")
                .map(from -> new CopyStage(common, from, stop, multipart, verify));
    }
}
