package io.s3workload.kinds.versions;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ObjectSettingsBinder;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.StopBinder;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code kind: versions}: versions of keys written, listed, read and deleted by version id. */
public final class VersionsStageBinder implements StageBinder {

    private static final Set<StageKind> VERSIONS = EnumSet.of(StageKind.VERSIONS);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(VERSIONS, "versions", "count", VersionsStage.DEFAULT_VERSIONS, 10,
                    "Versions written of each key."));
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var size = StopBinder.size(f, "size");
        if (!f.mentions("size")) {
            f.binding().problem(f.pointer(), "missing 'size': the size of each version, e.g. size: 64KiB");
        }
        var objects = f.longAtLeast("objects", 1);
        if (!f.mentions("objects")) {
            f.binding().problem(f.pointer(), "missing 'objects': how many keys get versions, e.g. objects: 100");
        }
        int versions = f.intOr("versions", 1);
        var data = ObjectSettingsBinder.data(f);
        if (size.isEmpty() || objects.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new VersionsStage(common, size.get(), objects.getAsLong(), versions, data));
    }
}
