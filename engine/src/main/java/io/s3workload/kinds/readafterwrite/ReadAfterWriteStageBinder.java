package io.s3workload.kinds.readafterwrite;

import io.s3workload.ground.Keyed;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ProbeBinder;
import io.s3workload.workload.yaml.SchemaType;
import io.s3workload.workload.yaml.StageBinder;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code kind: readAfterWrite}: write (PUT, copy or new version) through writers, poll readers with GET or HEAD
 * until they show the write.
 */
public final class ReadAfterWriteStageBinder implements StageBinder {

    private static final Set<StageKind> READ_AFTER_WRITE = EnumSet.of(StageKind.READ_AFTER_WRITE);

    @Override
    public Map<String, SchemaType> types() {
        Map<String, SchemaType> types = new LinkedHashMap<>();
        types.put("readWith", choice(ReadAfterWriteStage.ReadWith.values()));
        types.put("writeWith", choice(ReadAfterWriteStage.WriteWith.values()));
        return types;
    }

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(READ_AFTER_WRITE, "readWith", "readWith", "get", "head",
                    "Read back with GET (checks the ETag) or HEAD."),
            Keys.stage(READ_AFTER_WRITE, "writeWith", "writeWith", "put", "copy", "What each iteration writes: a"
                    + " PUT, a server-side copy (CopyObject) of a source PUT just before, or a PUT into a versioned"
                    + " bucket read back by its version id."));
    }

    private static SchemaType.Choice choice(Enum<?>[] words) {
        return new SchemaType.Choice(Arrays.stream(words).map(Keyed::word).collect(Collectors.toSet()));
    }

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
