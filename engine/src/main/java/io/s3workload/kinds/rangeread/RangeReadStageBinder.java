package io.s3workload.kinds.rangeread;

import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.objects.ObjectsFrom;
import io.s3workload.workload.objects.Sources;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ObjectsFromBinder;
import io.s3workload.workload.yaml.SchemaType;
import io.s3workload.workload.yaml.SourcesBinder;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.StopBinder;
import io.s3workload.workload.yaml.TransferBinder;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** {@code kind: rangeRead}: chunk-sized range reads from large source objects. */
public final class RangeReadStageBinder implements StageBinder {

    private static final Set<StageKind> RANGE_READ = EnumSet.of(StageKind.RANGE_READ);

    @Override
    public Map<String, SchemaType> types() {
        return Map.of("rangeOrder", new SchemaType.Choice(Set.copyOf(RangeReadStage.ORDERS)));
    }

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(RANGE_READ, "access", "access", StageKind.RANGE_READ.defaultAccess().toString(), "{zipf: 1.1}",
                    Keys.ACCESS_TEXT),
            Keys.stage(RANGE_READ, "from", "fromPrefix", null, "{prefix: datasets/2024/}", "Existing objects"
                    + " to read ranges of, instead of sources of its own: {prefix: datasets/2024/}."),
            Keys.stage(RANGE_READ, "chunk", "sizeRange", null, "10MiB",
                    "Bytes per range request, or {min, max} to draw each length.").scaled(Keys.Scale.SIZE),
            Keys.stage(RANGE_READ, "order", "rangeOrder", "random", "sequential",
                    "The offsets read: random, or sequential through each source."));
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        Optional<ObjectsFrom> from = ObjectsFromBinder.from(f);
        Optional<ObjectsFrom.Prefix> existing = from.filter(ObjectsFrom.Prefix.class::isInstance)
                .map(ObjectsFrom.Prefix.class::cast);
        if (from.isPresent() && existing.isEmpty()) {
            f.binding().problem(f.child("from"), "a rangeRead reads its own large sources (sources: {count, size})"
                    + " or existing objects (from: {prefix: datasets/2024/}), not another stage's objects");
        }
        boolean readsExisting = f.mentions("from");
        Optional<Sources> sources = SourcesBinder.sources(f, readsExisting);
        if (readsExisting) {
            for (String written : List.of("data", "multipart")) {
                if (f.has(written)) {
                    f.binding().problem(f.child(written), "'" + written + "' applies to the sources a rangeRead"
                            + " writes; reading existing objects it writes none");
                }
            }
            if (f.bool("verify").orElse(false) && existing.isPresent()) {
                ObjectsFromBinder.unverifiable(f, existing.get());
            }
        }
        Optional<SizeSpec> chunk = SourcesBinder.chunkRange(f, sources);
        String order = f.text("order").orElseGet(() -> f.defaultOf("order").asText());
        if (!RangeReadStage.ORDERS.contains(order)) {
            f.binding().problem(f.child("order"), "expected " + String.join(" or ", RangeReadStage.ORDERS) + ", got \""
                    + order + "\"");
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
        boolean verify = f.boolOr("verify");
        if (sources.isEmpty() == existing.isEmpty() || chunk.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RangeReadStage(common, sources, existing, chunk.get(), order.equals("sequential"), stop,
                multipart, verify));
    }
}
