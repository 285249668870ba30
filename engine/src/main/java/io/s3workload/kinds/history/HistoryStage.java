package io.s3workload.kinds.history;

import io.s3workload.ground.Shard;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.time.Duration;
import java.util.Map;

/**
 * {@code kind: history}: workers run a random mix of reads, writes, conditional writes ({@code If-Match} the ETag
 * they last read, {@code If-None-Match: *}), deletes and lists over a few keys, every write with a body of its own,
 * and every operation is recorded as invoked and completed; afterwards the history is checked for linearizability
 * (docs/consistency.md) and each anomaly named with its witnesses.
 *
 * @param keys         how many keys the workers share (few, so that they meet)
 * @param weights      relative weights by operation (only positive ones)
 * @param size         each write's size
 * @param checkTimeout the most a key's check may take; past it the key's verdict is unknown
 */
public record HistoryStage(StageCommon common, int keys, Map<HistoryOp, Integer> weights, SizeSpec size, Stop stop,
                           Duration checkTimeout) implements StageSpec {

    public static final int DEFAULT_KEYS = 8;
    public static final String DEFAULT_SIZE = "1KiB";
    public static final String DEFAULT_CHECK_TIMEOUT = "10s";
    /** The fewest bytes a write may have: its first eight tell it from every other write. */
    public static final int LEAST_BYTES = 8;
    /** The most keys: a LIST reads them in one page. */
    public static final int MOST_KEYS = 1000;
    public static final Map<HistoryOp, Integer> DEFAULT_WEIGHTS = Map.of(HistoryOp.GET, 40, HistoryOp.PUT, 20,
            HistoryOp.PUT_IF_MATCH, 15, HistoryOp.PUT_IF_NONE_MATCH, 10, HistoryOp.DELETE, 10, HistoryOp.LIST, 5);

    public HistoryStage {
        weights = Map.copyOf(weights);
    }

    @Override
    public StageKind kind() {
        return StageKind.HISTORY;
    }

    /** The operations a history stage draws from, by their names under {@code ops:}. */
    public enum HistoryOp {
        GET("get"), PUT("put"), PUT_IF_MATCH("putIfMatch"), PUT_IF_NONE_MATCH("putIfNoneMatch"), DELETE("delete"),
        LIST("list");

        private final String key;

        HistoryOp(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    /** Each shard checks a history of its own (under its own prefix): its operations are shared, its keys kept. */
    @Override
    public HistoryStage shared(Shard shard, int defaultWorkers) {
        return new HistoryStage(common.shared(shard, kind(), defaultWorkers), keys, weights, size, stop.shared(shard),
                checkTimeout);
    }
}
