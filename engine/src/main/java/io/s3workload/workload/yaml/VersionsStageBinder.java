package io.s3workload.workload.yaml;

import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.VersionsStage;
import java.util.Optional;

/** {@code kind: versions}: versions of keys written, listed, read and deleted by version id. */
public final class VersionsStageBinder implements StageBinder {

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
