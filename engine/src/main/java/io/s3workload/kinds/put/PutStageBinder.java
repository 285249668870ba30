package io.s3workload.kinds.put;

import io.s3workload.ground.Keyed;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.composite.SweepPoint;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ObjectSettingsBinder;
import io.s3workload.workload.yaml.SchemaType;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.StopBinder;
import io.s3workload.workload.yaml.TransferBinder;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** {@code kind: put}: new objects of each size, until a stop; and the stage a sweep's point or upload is. */
public final class PutStageBinder implements StageBinder, SweepPoint {

    private static final Set<StageKind> PUT = EnumSet.of(StageKind.PUT);

    @Override
    public Map<String, SchemaType> types() {
        return Map.of("conditional", new SchemaType.Choice(Arrays.stream(Conditional.values()).map(Keyed::word)
                .collect(Collectors.toSet())));
    }

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(PUT, "sharedKeys", "boolean", false, true, "Let workers PUT one key at the same time"
                    + " (overwrite contention on purpose); by default a worker takes a key no other is writing."),
            Keys.stage(PUT, "conditional", "conditional", "none", "ifNoneMatch", "A condition each PUT (and"
                    + " multipart completion) sends: ifNoneMatch (If-None-Match: *, create only) or ifMatch (If-Match:"
                    + " the ETag last written); a store that finds it false answers 412, counted as"
                    + " PreconditionFailed."));
    }

    /** Objects of {@code size} written until {@code stop}, whole under the default multipart threshold. */
    @Override
    public StageSpec point(StageCommon common, SizeSpec size, Stop stop, Optional<String> from) {
        return new PutStage(common, List.of(size), stop, Multipart.DEFAULT);
    }

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
