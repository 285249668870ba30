package io.s3workload.workload.yaml;

import io.s3workload.workload.Conditional;
import io.s3workload.workload.PutStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.util.List;
import java.util.Optional;

/** {@code kind: put}. */
public final class PutStageBinder implements StageBinder {

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
        var multipart = TransferBinder.uploads(f, sizes.orElse(List.of()));
        var settings = ObjectSettingsBinder.settings(f);
        boolean shared = f.boolOr("sharedKeys");
        Conditional conditional = f.choiceOr("conditional", Conditional.class);
        if (conditional == Conditional.IF_MATCH && !f.mentions("objects")) {
            f.binding().problem(f.child("conditional"), "conditional: ifMatch overwrites keys already written,"
                    + " each over the ETag last seen: give objects (the keys to write in turn), e.g. objects: 100");
        } else if (conditional == Conditional.IF_MATCH && stop.objects().orElse(0) > PutStage.MOST_CONDITIONAL_KEYS) {
            f.binding().problem(f.child("objects"), "conditional: ifMatch keeps each key's last ETag: at most "
                    + String.format("%,d", PutStage.MOST_CONDITIONAL_KEYS) + " objects, got "
                    + String.format("%,d", stop.objects().getAsLong()));
        }
        return sizes.map(s -> new PutStage(common, s, stop, multipart, settings, shared, conditional));
    }
}
