package io.s3workload.workload.yaml;

import io.s3workload.workload.ReadAfterWriteStage;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** {@code kind: readAfterWrite}: PUT through writers, poll readers with GET or HEAD until the ETag matches. */
final class ReadAfterWriteStageBinder implements StageBinder {

    @Override
    public Set<String> keys() {
        Set<String> keys = new TreeSet<>(ProbeBinder.KEYS);
        keys.add("readWith");
        return keys;
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        var readWith = TransferBinder.choice(f, "readWith", ReadAfterWriteStage.ReadWith.class)
                .orElse(ReadAfterWriteStage.ReadWith.GET);
        return ProbeBinder.probe(f).map(probe -> new ReadAfterWriteStage(common, probe, readWith));
    }
}
