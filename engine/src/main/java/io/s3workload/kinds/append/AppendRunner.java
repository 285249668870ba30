package io.s3workload.kinds.append;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.CellRun;
import io.s3workload.run.CellStageRunner;
import io.s3workload.run.RunContext;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.run.keys.KeyClaims;
import io.s3workload.run.keys.KeySet;
import io.s3workload.run.loop.ClosedLoop;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;

/**
 * {@code kind: append}: each operation grows one object, which no other worker is writing at that moment, by
 * {@code append} bytes: a PUT creating it when it has none yet, else a PUT with {@code x-amz-write-offset-bytes} at
 * its size. Every write is in the one APPEND cell. Afterwards the objects are HEADed (unmeasured, at most
 * {@link #MOST_CHECKED}): each must be as long as what was written to it, else the store ignored the offset.
 */
public final class AppendRunner implements CellStageRunner {

    static final String OFFSET_HEADER = "x-amz-write-offset-bytes";
    static final int MOST_CHECKED = 100;

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        AppendStage spec = stage.spec(AppendStage.class);
        String prefix = context.keyPrefix(stage.name(), cell.size());
        long objects = spec.objects();
        long bytes = spec.append().maxBytes();
        int workers = (int) Math.min(stage.workers(), objects);
        KeyClaims claims = new KeyClaims(objects, workers);
        AtomicLongArray sizes = new AtomicLongArray((int) objects);
        LongAdder created = new LongAdder();
        context.objects().wrote(new KeySet(prefix, objects));
        if (workers < stage.workers()) {
            context.note(stage.name(), "running " + Units.count(workers, "worker") + ", not " + stage.workers() + ": an object has"
                    + " one writer at a time, and there are " + objects);
        }
        CellKey key = new CellKey(stage.name(), Op.APPEND, CellRun.endpointOf(stage), cell.size());
        List<CellRun.Outcome> outcome = CellRun.run(context, stage, workers, context.recorder(key), List.of(), cell,
                cell.operationLimit(), (i, worker, recorder) -> {
                    long number = claims.claim(i % objects); // one is free: no more workers than objects
                    try {
                        String objectKey = prefix + number;
                        long offset = sizes.get((int) number);
                        Payload.Body body = context.payload().body(objectKey + "@" + offset, bytes);
                        ObjectWrite write = offset == 0 ? ObjectWrite.NONE
                                : ObjectWrite.NONE.withHeader(OFFSET_HEADER, Long.toString(offset));
                        long t0 = System.nanoTime();
                        worker.store().put(objectKey, body, write);
                        recorder.success(System.nanoTime() - t0, bytes);
                        sizes.addAndGet((int) number, bytes);
                        if (offset == 0) {
                            created.increment();
                        }
                    } finally {
                        claims.release(number);
                    }
                });
        check(stage, cell, prefix, sizes, created.sum(), context);
        return outcome.get(0).cells();
    }

    /** HEADs the objects written and says whether each is as long as its writes. */
    private static void check(StagePlan stage, CellPlan cell, String prefix, AtomicLongArray sizes, long created,
                              RunContext context) {
        if (context.cancelled() || created == 0) {
            return;
        }
        long[] written = IntStream.range(0, sizes.length()).filter(n -> sizes.get(n) > 0)
                .limit(MOST_CHECKED).mapToLong(n -> n).toArray();
        LongAdder shorter = new LongAdder();
        LongAdder unread = new LongAdder();
        var loop = ClosedLoop.Spec.unpaced(stage.name() + "-check", Math.min(stage.concurrency(), written.length),
                written.length, context.clients().lease(stage), context.seed()).own(OpsSink.CHECK);
        ClosedLoop.run(loop, context::cancelled, new CellRecorder(new CellKey(stage.name(),
                Op.HEAD, stage.endpoint(), cell.size())), (i, worker, recorder) -> {
                    int number = (int) written[(int) i];
                    try {
                        long size = worker.store().head(prefix + number).map(o -> o.size()).orElse(-1L);
                        if (size != sizes.get(number)) {
                            shorter.increment();
                        }
                    } catch (StoreException e) {
                        unread.increment();
                    }
                    recorder.success(0, 0);
                });
        long appends = IntStream.range(0, sizes.length()).mapToLong(sizes::get).sum()
                / Math.max(1, cell.size().maxBytes()) - created;
        String said = String.format("%,d objects created, %,d appends", created, appends) + "; " + written.length
                + " objects read back: " + (shorter.sum() == 0 && unread.sum() == 0
                ? "each as long as what was written to it"
                : shorter.sum() + " not as long as what was written to them (the store ignored "
                + OFFSET_HEADER + " and overwrote)" + (unread.sum() > 0 ? ", " + unread.sum() + " could not be"
                + " read" : ""));
        context.note(stage.name(), said);
    }
}
