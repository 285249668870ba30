package io.s3workload.workload.yaml;

import io.s3workload.workload.GetStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code kind: get}: reads stage {@code from}'s objects, or seeds its own. */
final class GetStageBinder implements StageBinder {

    @Override
    public Set<String> keys() {
        Set<String> keys = new java.util.HashSet<>(Set.of("from", "size", "sizes", "duration", "operations",
                "objects", "parallelRanges", "verify", "multipart", "validateChecksum"));
        keys.addAll(ObjectSettingsBinder.KEYS);
        return keys;
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        Optional<String> from = f.text("from");
        var sizes = StopBinder.sizes(f);
        Stop stop = StopBinder.stop(f);
        var ranges = TransferBinder.parallelRanges(f);
        var multipart = TransferBinder.multipart(f, sizes.orElse(List.of()));
        boolean verify = f.bool("verify").orElse(false);
        var settings = ObjectSettingsBinder.settings(f);
        boolean validateChecksum = f.bool("validateChecksum").orElse(false);
        if (from.isPresent()) {
            ObjectSettingsBinder.KEYS.stream().filter(f::has).findFirst().ifPresent(key -> f.binding().problem(
                    f.child(key), "'" + key + "' applies to the objects a get stage seeds itself; these were"
                            + " written by stage '" + from.get() + "': set it there"));
            if (sizes.isPresent()) {
                f.binding().problem(f.child(f.has("size") ? "size" : "sizes"),
                        "sizes come from stage '" + from.get() + "'; remove them or remove 'from'");
            }
            if (stop.objects().isPresent()) {
                f.binding().problem(f.child("objects"),
                        "the objects come from stage '" + from.get() + "'; remove 'objects' or remove 'from'");
            }
            return Optional.of(new GetStage(common, from, List.of(), stop, ranges, multipart, verify,
                    io.s3workload.workload.ObjectSettings.NONE, validateChecksum));
        }
        if (sizes.isEmpty()) {
            if (f.mentions("sizes") || f.mentions("size") || f.mentions("from")) {
                return Optional.empty();
            }
            f.binding().problem(f.pointer(), "a get stage needs 'from' (a put stage to read) or 'sizes' (to seed"
                    + " its own objects)");
            return Optional.empty();
        }
        return Optional.of(new GetStage(common, from, sizes.get(), stop, ranges, multipart, verify, settings,
                validateChecksum));
    }
}
