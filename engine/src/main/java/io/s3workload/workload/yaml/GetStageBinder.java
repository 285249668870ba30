package io.s3workload.workload.yaml;

import io.s3workload.workload.GetStage;
import io.s3workload.workload.ObjectSettings;
import io.s3workload.workload.ObjectsFrom;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.util.List;
import java.util.Optional;

/** {@code kind: get}: reads stage {@code from}'s objects or the existing objects under a prefix, or seeds its own. */
public final class GetStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        Optional<ObjectsFrom> from = ObjectsFromBinder.from(f);
        var sizes = StopBinder.sizes(f);
        Stop stop = StopBinder.stop(f);
        var ranges = TransferBinder.parallelRanges(f);
        var multipart = TransferBinder.multipart(f, sizes.orElse(List.of()));
        boolean verify = f.boolOr("verify");
        var settings = ObjectSettingsBinder.settings(f);
        boolean validateChecksum = f.boolOr("validateChecksum");
        if (from.isPresent()) {
            ObjectSettingsBinder.KEYS.stream().filter(f::has).findFirst().ifPresent(key -> f.binding().problem(
                    f.child(key), "'" + key + "' applies to the objects a get stage seeds itself; these"
                            + (from.get() instanceof ObjectsFrom.Stage s ? " were written by stage '" + s.name()
                            + "': set it there" : " are " + from.get() + ": nothing is written")));
            if (sizes.isPresent()) {
                f.binding().problem(f.child(f.has("size") ? "size" : "sizes"),
                        "sizes come from " + source(from.get()) + "; remove them or remove 'from'");
            }
            if (stop.objects().isPresent()) {
                f.binding().problem(f.child("objects"),
                        "the objects come from " + source(from.get()) + "; remove 'objects' or remove 'from'");
            }
            if (verify) {
                ObjectsFromBinder.unverifiable(f, from.get());
            }
            return Optional.of(new GetStage(common, from, List.of(), stop, ranges, multipart, verify,
                    ObjectSettings.NONE, validateChecksum));
        }
        if (sizes.isEmpty()) {
            if (f.mentions("sizes") || f.mentions("size") || f.mentions("from")) {
                return Optional.empty();
            }
            f.binding().problem(f.pointer(), "a get stage needs 'from' (a put stage to read, or existing objects:"
                    + " from: {prefix: datasets/2024/}) or 'sizes' (to seed its own objects)");
            return Optional.empty();
        }
        return Optional.of(new GetStage(common, from, sizes.get(), stop, ranges, multipart, verify, settings,
                validateChecksum));
    }

    /** {@code stage 'put-1mib'}, or {@code the existing objects under datasets/2024/}. */
    private static String source(ObjectsFrom from) {
        return from instanceof ObjectsFrom.Stage s ? "stage '" + s.name() + "'" : "the " + from;
    }
}
