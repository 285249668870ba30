package io.s3workload.kinds.history;

import static io.s3workload.workload.yaml.Keys.Context.HISTORY_OPS;

import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.ground.SizeSpec;
import io.s3workload.kinds.history.HistoryStage.HistoryOp;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.SchemaType;
import io.s3workload.workload.yaml.StageBinder;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code kind: history}: a mix of operations over a few keys, recorded and checked for linearizability; the keys
 * only a history stage takes, described here (the keys it shares with other kinds are in the key catalogue).
 */
public final class HistoryStageBinder implements StageBinder {

    @Override
    public Map<String, SchemaType> types() {
        return Map.of("historyWeights", new SchemaType.Mapping(HISTORY_OPS));
    }

    @Override
    public List<Key> keys() {
        return List.of(
            Keys.stage(EnumSet.of(StageKind.HISTORY), "ops", "historyWeights",
                    "{get: 40, put: 20, putIfMatch: 15, putIfNoneMatch: 10, delete: 10, list: 5}",
                    "{get: 50, putIfMatch: 50}", "Weights of the history's operations (whole numbers)."),
            Keys.stage(EnumSet.of(StageKind.HISTORY), "keys", "count", HistoryStage.DEFAULT_KEYS, 8, "How many keys"
                    + " the workers share: few, so that their operations meet (at most " + HistoryStage.MOST_KEYS
                    + ")."),
            Keys.stage(EnumSet.of(StageKind.HISTORY), "size", "size", HistoryStage.DEFAULT_SIZE, "4KiB", "Each"
                    + " write's size, at least " + HistoryStage.LEAST_BYTES + " bytes (every write's bytes its own).")
                    .scaled(Keys.Scale.SIZE),
            Keys.stage(EnumSet.of(StageKind.HISTORY), "checkTimeout", "duration", HistoryStage.DEFAULT_CHECK_TIMEOUT,
                    "30s", "The most time checking one key's operations may take; past it that key's verdict is"
                    + " unknown."),
            Keys.in(HISTORY_OPS, "get", "whole", null, 40, "Weight of GET (a read) in the history's mix."),
            Keys.in(HISTORY_OPS, "put", "whole", null, 20, "Weight of PUT (a write of a body of its own)."),
            Keys.in(HISTORY_OPS, "putIfMatch", "whole", null, 15, "Weight of PUT with If-Match the ETag the worker"
                    + " last read of the key (a compare-and-set; a create when it has read none)."),
            Keys.in(HISTORY_OPS, "putIfNoneMatch", "whole", null, 10, "Weight of PUT with If-None-Match: * (a"
                    + " create)."),
            Keys.in(HISTORY_OPS, "delete", "whole", null, 10, "Weight of DELETE."),
            Keys.in(HISTORY_OPS, "list", "whole", null, 5, "Weight of LIST (the stage's keys, one page)."));
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        int keys = f.intOr("keys", 1);
        if (keys > HistoryStage.MOST_KEYS) {
            f.binding().problem(f.child("keys"), "at most " + HistoryStage.MOST_KEYS + " keys (a LIST reads them in"
                    + " one page), got " + keys);
        }
        var size = f.sizeOr("size");
        if (size.bytes() < HistoryStage.LEAST_BYTES) {
            f.binding().problem(f.child("size"), "a write needs at least " + HistoryStage.LEAST_BYTES + " bytes (its"
                    + " first " + HistoryStage.LEAST_BYTES + " tell it from every other write), got " + size);
        }
        Duration checkTimeout = f.durationOr("checkTimeout");
        Stop stop = new Stop(f.duration("duration"), f.longAtLeast("operations", 1), OptionalLong.empty());
        if (!f.mentions("duration") && !f.mentions("operations")) {
            f.binding().problem(f.pointer(), "a history stage needs a stop condition: duration (e.g. 30s) or"
                    + " operations (e.g. 10000)");
        }
        Map<HistoryOp, Integer> weights = weights(f);
        if (weights.isEmpty() || keys > HistoryStage.MOST_KEYS || size.bytes() < HistoryStage.LEAST_BYTES) {
            return Optional.empty();
        }
        return Optional.of(new HistoryStage(common, keys, weights, SizeSpec.of(size), stop, checkTimeout));
    }

    /** {@code ops: {get: 40, putIfMatch: 15}}: whole, non-negative weights, at least one positive; the default mix. */
    private static Map<HistoryOp, Integer> weights(Fields f) {
        JsonNode node = f.raw("ops");
        if (node == null || node.isNull()) {
            return HistoryStage.DEFAULT_WEIGHTS;
        }
        Map<HistoryOp, Integer> weights = new EnumMap<>(HistoryOp.class);
        Optional<Fields> ops = Fields.of(f.binding(), f.child("ops"), node, Keys.in(Keys.Context.HISTORY_OPS),
                "weights by operation, e.g. {get: 40, put: 20, putIfMatch: 15}");
        if (ops.isEmpty()) {
            return weights;
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            for (HistoryOp op : HistoryOp.values()) {
                if (op.key().equals(name)) {
                    ops.get().longAtLeast(name, 0).ifPresent(w -> {
                        if (w > 0) {
                            weights.put(op, (int) Math.min(w, 1_000_000));
                        }
                    });
                }
            }
        }
        if (weights.isEmpty() && f.binding().problems().isEmpty()) {
            f.binding().problem(f.child("ops"), "needs at least one weight above 0");
        }
        return weights;
    }
}
