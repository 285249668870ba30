package io.s3workload.workload.yaml;

import io.s3workload.workload.DataSize;
import io.s3workload.workload.RangeReadStage;
import io.s3workload.workload.SizeSpec;
import io.s3workload.workload.Sources;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** {@code kind: rangeRead}: chunk-sized range reads from large source objects. */
final class RangeReadStageBinder implements StageBinder {

    private static final Set<String> SOURCE_KEYS = Set.of("count", "size", "reuse");

    @Override
    public Set<String> keys() {
        return Set.of("sources", "chunk", "order", "duration", "operations", "verify", "multipart");
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        Optional<Sources> sources = f.object("sources", SOURCE_KEYS, "sources, e.g. {count: 10, size: 10GiB}")
                .flatMap(s -> {
                    Optional<DataSize> size = s.size("size");
                    if (size.isEmpty() && !s.has("size")) {
                        s.binding().problem(s.pointer(), "missing 'size': how large each source object is");
                    }
                    if (size.isPresent() && size.get().bytes() == 0) {
                        s.binding().problem(s.child("size"), "must be larger than 0");
                        return Optional.empty();
                    }
                    int count = s.intAtLeast("count", 1).orElse(1);
                    boolean reuse = s.bool("reuse").orElse(false);
                    return size.map(bytes -> new Sources(count, bytes, reuse));
                });
        if (!f.mentions("sources")) {
            f.binding().problem(f.pointer(), "missing 'sources': the objects to read from, e.g. sources: {count: 10,"
                    + " size: 10GiB, reuse: true}");
        }
        Optional<DataSize> chunk = f.size("chunk");
        if (!f.mentions("chunk")) {
            f.binding().problem(f.pointer(), "missing 'chunk': the size of each range read, e.g. chunk: 100MiB");
        }
        if (chunk.isPresent() && chunk.get().bytes() == 0) {
            f.binding().problem(f.child("chunk"), "must be larger than 0");
            chunk = Optional.empty();
        }
        if (chunk.isPresent() && sources.isPresent() && chunk.get().bytes() > sources.get().size().bytes()) {
            f.binding().problem(f.child("chunk"), "a chunk of " + chunk.get() + " is larger than the sources ("
                    + sources.get().size() + ")");
        }
        String order = f.text("order").orElse("random");
        if (!order.equals("random") && !order.equals("sequential")) {
            f.binding().problem(f.child("order"), "expected random or sequential, got \"" + order + "\"");
        }
        Stop stop = StopBinder.stop(f);
        if (!f.mentions("duration") && !f.mentions("operations")) {
            f.binding().problem(f.pointer(), "a rangeRead stage needs a stop condition: duration or operations");
        }
        var multipart = TransferBinder.multipart(f, sources.map(s -> List.of(SizeSpec.of(s.size()))).orElse(List.of()));
        boolean verify = f.bool("verify").orElse(false);
        if (sources.isEmpty() || chunk.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RangeReadStage(common, sources.get(), chunk.get(), order.equals("sequential"), stop,
                multipart, verify));
    }
}
