package io.s3workload.workload.yaml;

import io.s3workload.workload.PutStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.util.List;
import java.util.Optional;

/** {@code kind: put}. */
final class PutStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var sizes = StopBinder.sizes(f);
        Stop stop = StopBinder.stop(f);
        if (!f.mentions("sizes") && !f.mentions("size")) {
            f.binding().problem(f.pointer(), "missing 'sizes': the object sizes to write, e.g. sizes: [1MiB, 10MiB]");
        }
        if (!f.mentions("duration") && !f.mentions("operations") && !f.mentions("objects")) {
            f.binding().problem(f.pointer(),
                    "a put stage needs a stop condition: duration (e.g. 30s), operations or objects");
        }
        var multipart = TransferBinder.multipart(f, sizes.orElse(List.of()));
        var settings = ObjectSettingsBinder.settings(f);
        boolean shared = f.boolOr("sharedKeys");
        return sizes.map(s -> new PutStage(common, s, stop, multipart, settings, shared));
    }
}
