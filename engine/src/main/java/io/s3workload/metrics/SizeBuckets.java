package io.s3workload.metrics;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * Latency by object size within a cell whose sizes vary, so that large objects' times do not hide small ones' (warp
 * #382): a bucket per size of a weighted spec of at most {@value #MOST_OWN} sizes, else powers of 4 from 4 KiB
 * (up to 4 KiB, 4-16 KiB, 16-64 KiB, ...) over the spec's range. Recorded without locks, like the cell.
 */
public final class SizeBuckets {

    static final int MOST_OWN = 16;
    private static final long FIRST_EDGE = 4 * 1024;

    /** Upper edges, ascending: a size goes to the first bucket whose edge is at least it. */
    private final long[] upTo;
    private final long[] from;
    private final Recorder[] latency;
    private final LongAdder[] operations;

    private SizeBuckets(long[] from, long[] upTo) {
        this.from = from;
        this.upTo = upTo;
        this.latency = new Recorder[upTo.length];
        this.operations = new LongAdder[upTo.length];
        for (int i = 0; i < upTo.length; i++) {
            latency[i] = new Recorder(CellRecorder.LOWEST_NANOS, CellRecorder.HIGHEST_NANOS, 3);
            operations[i] = new LongAdder();
        }
    }

    /** The buckets of a cell of {@code size}, or null when its objects are of one size. */
    public static SizeBuckets of(SizeSpec size) {
        if (!size.varies() || !size.known()) {
            return null; // one size, or sizes not known in advance (copies of existing objects)
        }
        if (size instanceof SizeSpec.Weighted w && w.sizes().length <= MOST_OWN) {
            return new SizeBuckets(w.sizes(), w.sizes()); // a bucket per size: exactly that size

        }
        List<Long> edges = new ArrayList<>();
        long edge = FIRST_EDGE;
        while (edge < size.minBytes()) {
            edge *= 4;
        }
        edges.add(edge);
        while (edge < size.maxBytes()) {
            edge *= 4;
            edges.add(edge);
        }
        long[] upTo = edges.stream().mapToLong(Long::longValue).toArray();
        long[] from = new long[upTo.length];
        for (int i = 0; i < upTo.length; i++) {
            from[i] = i == 0 ? size.minBytes() : upTo[i - 1] + 1;
        }
        return new SizeBuckets(from, upTo);
    }

    /** A successful operation on an object of {@code bytes}. */
    void record(long bytes, long latencyNanos) {
        int i = 0;
        while (i < upTo.length - 1 && bytes > upTo[i]) {
            i++;
        }
        latency[i].recordValue(latencyNanos);
        operations[i].increment();
    }

    /** Each bucket's figures so far; call once, at the end. */
    List<SizeBucketStats> finish() {
        List<SizeBucketStats> stats = new ArrayList<>();
        for (int i = 0; i < upTo.length; i++) {
            boolean oneSize = from[i] == upTo[i];
            stats.add(new SizeBucketStats(label(i == 0 || oneSize ? from[i] : upTo[i - 1], upTo[i]), from[i], upTo[i],
                    operations[i].sum(),
                    latency[i].getIntervalHistogram()));
        }
        return stats;
    }

    /**
     * {@code 4 KiB}, {@code 4 KiB-16 KiB}: one size, or a range named by the edges around it (the sizes above the
     * bucket before's edge, up to and including its own; the first bucket's from its smallest size).
     */
    static String label(long after, long upTo) {
        return after == upTo ? DataSize.ofBytes(upTo).toString()
                : DataSize.ofBytes(after).toString() + "-" + DataSize.ofBytes(upTo);
    }
}
