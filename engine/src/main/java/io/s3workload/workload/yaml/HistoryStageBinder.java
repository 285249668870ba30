package io.s3workload.workload.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import io.s3workload.workload.HistoryStage;
import io.s3workload.workload.HistoryStage.HistoryOp;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** {@code kind: history}: a mix of operations over a few keys, recorded and checked for linearizability. */
final class HistoryStageBinder implements StageBinder {

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
