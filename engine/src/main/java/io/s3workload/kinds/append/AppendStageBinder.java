package io.s3workload.kinds.append;

import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.StageBinder;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/** {@code kind: append}: objects grown by appends ({@code x-amz-write-offset-bytes}). */
public final class AppendStageBinder implements StageBinder {

    private static final Set<StageKind> APPEND = EnumSet.of(StageKind.APPEND);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(APPEND, "append", "size", null, "64KiB", "Bytes each append adds to an object (the"
                    + " first write of each creates it with as many).").scaled(Keys.Scale.SIZE));
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var append = f.size("append").filter(a -> {
            if (a.bytes() == 0) {
                f.binding().problem(f.child("append"), "an append adds at least 1 byte");
            }
            return a.bytes() > 0;
        }).map(SizeSpec::of);
        if (!f.mentions("append")) {
            f.binding().problem(f.pointer(), "missing 'append': the bytes each append adds, e.g. append: 64KiB");
        }
        var objects = f.longAtLeast("objects", 1);
        if (!f.mentions("objects")) {
            f.binding().problem(f.pointer(), "missing 'objects': how many objects to grow, each by one writer at"
                    + " a time, e.g. objects: 16");
        }
        Stop stop = new Stop(f.duration("duration"), f.longAtLeast("operations", 1), OptionalLong.empty());
        if (!f.mentions("duration") && !f.mentions("operations")) {
            f.binding().problem(f.pointer(), "an append stage needs a stop condition: duration (e.g. 30s) or"
                    + " operations");
        }
        if (append.isEmpty() || objects.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new AppendStage(common, append.get(), objects.getAsLong(), stop));
    }
}
