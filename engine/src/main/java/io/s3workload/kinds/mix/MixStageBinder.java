package io.s3workload.kinds.mix;

import static io.s3workload.workload.yaml.Keys.Context.OPS;

import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.ObjectSettingsBinder;
import io.s3workload.workload.yaml.StageBinder;
import io.s3workload.workload.yaml.StopBinder;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code kind: mix}: weighted operations over a seeded working set; the keys only a mix takes, and those of its
 * {@code ops} mapping, described here.
 */
public final class MixStageBinder implements StageBinder {

    private static final Set<StageKind> MIX = EnumSet.of(StageKind.MIX);

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(MIX, "ops", "weights", null, "{get: 45, head: 30, put: 15, delete: 10}",
                    "Weights of the mix's operations (whole numbers); warp's stat is head."),
            Keys.in(OPS, "get", "whole", null, 45, "Weight of GET in the mix."),
            Keys.in(OPS, "put", "whole", null, 15, "Weight of PUT in the mix."),
            Keys.in(OPS, "delete", "whole", null, 10, "Weight of DELETE in the mix."),
            Keys.in(OPS, "head", "whole", null, 30, "Weight of HEAD in the mix."),
            Keys.in(OPS, "stat", "whole", null, 30, "Weight of HEAD (warp's stat) in the mix."),
            Keys.in(OPS, "list", "whole", null, 5, "Weight of LIST in the mix: one ListObjectsV2 page of up to 1000"
                    + " keys of the working set."),
            Keys.in(OPS, "copy", "whole", null, 5, "Weight of COPY in the mix: one CopyObject of a working-set object"
                    + " to a key of its own beside it."));
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        Map<MixStage.MixOp, Integer> weights = weights(f);
        Optional<Long> objects = f.longAtLeast("objects", 1).stream().boxed().findFirst();
        if (!f.mentions("objects")) {
            f.binding().problem(f.pointer(), "missing 'objects': the working set the mix reads, writes and deletes,"
                    + " e.g. objects: 1000");
        }
        var size = StopBinder.sizes(f).map(s -> s.get(0));
        if (!f.mentions("size")) {
            f.binding().problem(f.pointer(), "missing 'size': the objects' size, e.g. size: 1MiB or {min: 1KiB, max:"
                    + " 1MiB}");
        }
        Stop stop = new Stop(f.duration("duration"), f.longAtLeast("operations", 1), OptionalLong.empty());
        if (!f.mentions("duration") && !f.mentions("operations")) {
            f.binding().problem(f.pointer(), "a mix stage needs a stop condition: duration (e.g. 5m) or operations");
        }
        if (weights.isEmpty() || objects.isEmpty() || size.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new MixStage(common, weights, objects.get(), size.get(), stop,
                ObjectSettingsBinder.settings(f)));
    }

    /**
     * {@code ops: {get: 45, put: 15}}: whole, non-negative weights, at least one positive; {@code stat} (warp's
     * name) is {@code head}.
     */
    private static Map<MixStage.MixOp, Integer> weights(Fields f) {
        Map<MixStage.MixOp, Integer> weights = new EnumMap<>(MixStage.MixOp.class);
        JsonNode node = f.raw("ops");
        if (node == null || node.isNull()) {
            if (!f.mentions("ops")) {
                f.binding().problem(f.pointer(), "missing 'ops': weights by operation, e.g. ops: {get: 45, put: 15,"
                        + " delete: 10, head: 30}");
            }
            return weights;
        }
        Set<String> allowed = Keys.names(OPS);
        Optional<Fields> ops = Fields.of(f.binding(), f.child("ops"), node, Keys.in(OPS),
                "weights by operation, e.g. {get: 45, put: 15}");
        if (ops.isEmpty()) {
            return weights;
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!allowed.contains(name)) {
                continue;
            }
            MixStage.MixOp op = name.equals("stat") ? MixStage.MixOp.HEAD
                    : MixStage.MixOp.valueOf(name.toUpperCase(Locale.ROOT));
            ops.get().longAtLeast(name, 0).ifPresent(w -> {
                if (w > 0) {
                    weights.merge(op, (int) Math.min(w, 1_000_000), Integer::sum);
                }
            });
        }
        if (weights.isEmpty() && f.binding().problems().isEmpty()) {
            f.binding().problem(f.child("ops"), "needs at least one weight above 0");
        }
        return weights;
    }
}
