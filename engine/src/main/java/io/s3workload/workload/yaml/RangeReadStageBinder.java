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

    @Override
    public Set<String> keys() {
        return Set.of("sources", "chunk", "order", "duration", "operations", "verify", "multipart", "data");
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        Optional<Sources> sources = SourcesBinder.sources(f);
        Optional<SizeSpec> chunk = SourcesBinder.chunkRange(f, sources);
        String order = f.text("order").orElse("random");
        if (!order.equals("random") && !order.equals("sequential")) {
            f.binding().problem(f.child("order"), "expected random or sequential, got \"" + order + "\"");
        }
        if (order.equals("sequential") && chunk.filter(c -> c.minBytes() != c.maxBytes()).isPresent()) {
            f.binding().problem(f.child("order"), "order: sequential reads chunk after chunk of one size; a chunk"
                    + " range reads random lengths at random offsets: give one chunk size, or leave order out");
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
