package io.s3workload.kinds.get;

import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.composite.SweepPoint;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ObjectSettings;
import io.s3workload.workload.objects.ObjectsFrom;
import io.s3workload.workload.objects.ParallelRanges;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ObjectSettingsBinder;
import io.s3workload.workload.yaml.ObjectsFromBinder;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.StopBinder;
import io.s3workload.workload.yaml.TransferBinder;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code kind: get}: reads stage {@code from}'s objects or the existing objects under a prefix, or seeds its own. */
public final class GetStageBinder implements StageBinder, SweepPoint {

    private static final Set<StageKind> GET = EnumSet.of(StageKind.GET);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(GET, "objects", "count", GetStage.DEFAULT_SEED_OBJECTS, 100,
                    "The objects a get stage seeds itself (with sizes).").scaled(Keys.Scale.COUNT),
            Keys.stage(GET, "parallelRanges", "parallelRanges", ParallelRanges.DEFAULT, "{chunk: 16MiB, parallel: 8}",
                    "Large objects read as ranged GETs in parallel above threshold, or false."),
            Keys.stage(GET, "validateChecksum", "boolean", false, true, "Ask the server for each object's checksum"
                    + " and check the body against it; a difference is a \"checksum mismatch\" error."));
    }

    /** Stage {@code from}'s objects read whole until {@code stop} (a sweep's reads measure GETs, not ranges). */
    @Override
    public StageSpec point(StageCommon common, SizeSpec size, Stop stop, Optional<String> from) {
        return new GetStage(common, from.map(ObjectsFrom.Stage::new), List.of(), stop, ParallelRanges.OFF,
                Multipart.DEFAULT, false);
    }

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
