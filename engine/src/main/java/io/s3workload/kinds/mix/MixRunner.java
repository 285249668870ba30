package io.s3workload.kinds.mix;

import io.s3workload.ground.Units;
import io.s3workload.kinds.mix.MixStage.MixOp;
import io.s3workload.metrics.AccessStats;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.run.CellRun;
import io.s3workload.run.RunContext;
import io.s3workload.run.StageRunner;
import io.s3workload.run.keys.KeyPicker;
import io.s3workload.run.keys.KeySet;
import io.s3workload.run.keys.WrittenKeys;
import io.s3workload.run.loop.ClosedLoop;
import io.s3workload.run.loop.Draws;
import io.s3workload.run.loop.OpRecorder;
import io.s3workload.run.loop.WorkerState;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.workload.objects.Access;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code kind: mix}: seeds the working set (not measured), then draws each operation by weight. Worker {@code w}
 * of {@code W} owns the working-set slots {@code w, w + W, ...} and keeps which of them exist, so a GET, HEAD or
 * DELETE always names an object its worker knows is there and workers never race on a key. A PUT fills a
 * missing slot when there is one, else overwrites. An operation that needs an object when its worker has none
 * left becomes a PUT. A LIST reads the working set's first page; a COPY copies a present slot's object on the
 * server to the slot's copy key. One cell per operation kind, plus the total ({@code MIX}). With an {@code access} distribution
 * a worker's GETs, HEADs and DELETEs pick among its own slots by it (the first present slot from the drawn one when
 * that one is deleted), and the skew the reads offered is counted on the total.
 */
public final class MixRunner implements StageRunner {

    /** A COPY writes slot N's object to key N + this, beside the working set (under the run's prefix). */
    public static final String COPY_SUFFIX = "-copy";

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        MixStage spec = stage.spec(MixStage.class);
        CellPlan cell = stage.cells().get(0);
        long started = System.nanoTime();
        String prefix = context.keyPrefix(stage.name(), spec.size());
        WrittenKeys seeded = seed(stage, spec, prefix, context);
        if (context.cancelled()) {
            return new StageResult(stage, List.of(), System.nanoTime() - started, true);
        }
        Map<MixOp, CellRecorder> byOp = new EnumMap<>(MixOp.class);
        for (MixOp op : MixOp.values()) {
            if (spec.weights().containsKey(op) || op == MixOp.PUT) {
                byOp.put(op, context.recorder(new CellKey(stage.name(), op(op), CellRun.endpointOf(stage),
                        spec.size())));
            }
        }
        MixOp[] draw = drawTable(spec.weights());
        int workers = (int) Math.min(stage.workers(), spec.objects());
        if (workers < stage.workers()) {
            context.note(stage.name(), "running " + Units.count(workers, "worker") + ", not " + stage.workers() + ": each owns a"
                    + " share of the " + Units.count(spec.objects(), "object"));
        }
        CellRecorder total = context.recorder(new CellKey(stage.name(), Op.MIX, CellRun.endpointOf(stage),
                spec.size()));
        boolean skewed = !spec.common().access().equals(stage.kind().defaultAccess());
        List<Slots> allSlots = Collections.synchronizedList(new ArrayList<>());
        List<CellRun.Outcome> outcomes = CellRun.run(context, stage, workers, total, List.copyOf(byOp.values()),
                cell, cell.operationLimit(), (i, worker, recorder) -> {
                    Slots slots = worker.local(() -> {
                        Slots mine = new Slots(worker.index(), workers, spec.objects(), seeded, skewed
                                ? context.picker(stage, spec.size(), Math.max(1, Slots.owned(worker.index(), workers,
                                spec.objects()))) : null);
                        allSlots.add(mine);
                        return mine;
                    });
                    MixOp op = draw[worker.random().nextInt(draw.length)];
                    if (op != MixOp.PUT && slots.presentCount() == 0) {
                        op = MixOp.PUT;
                    }
                    recorder.alsoInto(byOp.get(op));
                    slots.next(i);
                    run(op, slots, worker, recorder, prefix, spec, context);
                });
        if (skewed && !outcomes.isEmpty()) {
            CellRun.Outcome sum = outcomes.get(0);
            outcomes = new ArrayList<>(outcomes);
            outcomes.set(0, new CellRun.Outcome(sum.stats().withAccess(Slots.offered(allSlots,
                    spec.common().access(), spec.objects())), sum.started(), sum.byEndpoint()));
        }
        List<CellStats> cells = new ArrayList<>();
        outcomes.subList(1, outcomes.size()).stream().map(CellRun.Outcome::stats)
                .filter(c -> c.attempted() > 0 || spec.weights().containsKey(mixOp(c.key().op())))
                .forEach(cells::add);
        cells.addAll(outcomes.get(0).cells()); // each endpoint's MIX (when spread), then the total
        return new StageResult(stage, cells, System.nanoTime() - started, context.cancelled());
    }

    private static void run(MixOp op, Slots slots, WorkerState worker, OpRecorder recorder, String prefix,
                            MixStage spec, RunContext context) {
        switch (op) {
            case GET -> {
                String key = prefix + slots.anyPresent(worker);
                long t0 = System.nanoTime();
                worker.store().get(key, worker.readBuffer(), worker.timing());
                recorder.read(key, System.nanoTime() - t0, t0, worker.timing());
            }
            case HEAD -> {
                String key = prefix + slots.anyPresent(worker);
                long t0 = System.nanoTime();
                boolean found = worker.store().head(key).isPresent();
                if (found) {
                    recorder.success(System.nanoTime() - t0, 0);
                } else {
                    recorder.failure(ErrorClassifier.HEAD_NOT_FOUND, key);
                }
            }
            case DELETE -> {
                int slot = slots.anyPresent(worker);
                slots.removed(slot); // also when the DELETE fails: the object may be gone, and a GET must not 404
                long t0 = System.nanoTime();
                worker.store().delete(prefix + slot);
                recorder.success(System.nanoTime() - t0, 0);
            }
            case LIST -> {
                long t0 = System.nanoTime();
                int listed = worker.store().bucketWide().listPage(prefix, null, MixStage.LIST_PAGE).keys().size();
                recorder.success(System.nanoTime() - t0, 0);
                recorder.items(listed);
            }
            case COPY -> {
                // the copy of a slot is its worker's alone, as the slot is: no two workers copy onto one key
                int slot = slots.anyPresent(worker);
                String source = prefix + slot;
                long length = context.payload().body(source, spec.size(), spec.writes().data()).length();
                long t0 = System.nanoTime();
                worker.store().copy(source, source + COPY_SUFFIX);
                recorder.success(System.nanoTime() - t0, length);
            }
            case PUT -> {
                int slot = slots.forPut(worker);
                String key = prefix + slot;
                Payload.Body body = context.payload().body(key, spec.size(), spec.writes().data());
                long t0 = System.nanoTime();
                worker.store().put(key, body, ObjectWrite.of(spec.writes(), context.payload(), key));
                recorder.success(System.nanoTime() - t0, body.length());
                slots.written(slot);
            }
        }
    }

    private static MixOp mixOp(Op op) {
        return switch (op) {
            case GET -> MixOp.GET;
            case DELETE -> MixOp.DELETE;
            case HEAD -> MixOp.HEAD;
            case LIST -> MixOp.LIST;
            case COPY -> MixOp.COPY;
            default -> MixOp.PUT;
        };
    }

    private static Op op(MixOp op) {
        return switch (op) {
            case GET -> Op.GET;
            case PUT -> Op.PUT;
            case DELETE -> Op.DELETE;
            case HEAD -> Op.HEAD;
            case LIST -> Op.LIST;
            case COPY -> Op.COPY;
        };
    }

    /** Each operation repeated as often as its weight over their greatest common divisor: a draw is one index. */
    static MixOp[] drawTable(Map<MixOp, Integer> weights) {
        return Draws.table(weights).toArray(MixOp[]::new);
    }

    /** Writes the working set, unmeasured; a failed seed PUT leaves its slot missing until a PUT fills it. */
    private static WrittenKeys seed(StagePlan stage, MixStage spec, String prefix, RunContext context) {
        context.note(stage.name(), "seeding " + Units.count(spec.objects(), "object") + " of " + spec.size() + " (not measured)");
        CellRecorder seeding = context.recorder(new CellKey(stage.name(), Op.PUT, stage.endpoint(), spec.size()));
        var loop = ClosedLoop.Spec.unpaced(stage.name() + "-seed", Math.min(stage.workers(),
                (int) Math.min(Integer.MAX_VALUE, spec.objects())), spec.objects(), context.clients().lease(stage),
                context.seed());
        WrittenKeys written = new WrittenKeys();
        ClosedLoop.run(loop, context::cancelled, seeding, (i, worker, recorder) -> {
            String key = prefix + i;
            Payload.Body body = context.payload().body(key, spec.size(), spec.writes().data());
            worker.store().put(key, body, ObjectWrite.of(spec.writes(), context.payload(), key));
            recorder.success(0, body.length());
            written.written(i);
        });
        context.objects().wrote(new KeySet(prefix, spec.objects()));
        CellStats seeded = seeding.finish(0, -1, -1);
        if (seeded.errors() > 0) {
            context.note(stage.name(), "seeding: " + seeded.errors() + " of " + spec.objects() + " PUTs failed "
                    + seeded.errorsByClass() + "; their slots stay empty until a PUT writes them");
        }
        return written;
    }

    /**
     * The working-set slots one worker owns ({@code worker, worker + workers, ...}), split into present and
     * missing, each an array with O(1) random pick and removal. Touched by its worker alone.
     */
    private static final class Slots {

        private final int[] present;
        private final int[] missing;
        private final int[] position;
        private final int workers;
        private final int worker;
        private int presentCount;
        private int missingCount;
        /** With an access distribution: picks the rank among the owned slots, and counts each slot's reads. */
        private final KeyPicker picker;
        private final int[] reads;
        private long operation;

        /** How many slots worker {@code worker} of {@code workers} owns out of {@code objects}. */
        static int owned(int worker, int workers, long objects) {
            return worker >= objects ? 0 : (int) ((objects - 1 - worker) / workers + 1);
        }

        Slots(int worker, int workers, long objects, WrittenKeys seeded, KeyPicker picker) {
            this.worker = worker;
            this.workers = workers;
            this.picker = picker;
            int owned = owned(worker, workers, objects);
            this.reads = picker == null ? null : new int[owned];
            present = new int[owned];
            missing = new int[owned];
            position = new int[owned];
            for (int i = 0; i < owned; i++) {
                int slot = worker + i * workers;
                if (seeded.isWritten(slot)) {
                    position[i] = presentCount;
                    present[presentCount++] = slot;
                } else {
                    position[i] = missingCount;
                    missing[missingCount++] = slot;
                }
            }
        }

        int presentCount() {
            return presentCount;
        }

        /** The number of the operation about to run (its draws come from it). */
        void next(long operationNumber) {
            operation = operationNumber;
        }

        /** A present slot: at random, or by the access distribution (the first present one from the drawn slot). */
        int anyPresent(WorkerState state) {
            if (picker == null) {
                return present[state.random().nextInt(presentCount)];
            }
            int owned = position.length;
            long rank = picker.rank(operation);
            for (int n = 0; n < owned; n++, rank = (rank + 1) % owned) {
                int local = (int) picker.scatterRank(rank);
                int slot = worker + local * workers;
                if (position[local] < presentCount && present[position[local]] == slot) {
                    reads[(int) rank]++;
                    return slot;
                }
            }
            throw new IllegalStateException("no present slot, though " + presentCount + " are counted");
        }

        /**
         * The skew the workers' picks offered over all their slots: each worker's reads counted by the rank its
         * distribution gives its own slots, the workers' hottest tenths together.
         */
        static AccessStats offered(List<Slots> all, Access access,
                                                         long objects) {
            AccessStats sum = null;
            for (Slots s : all) {
                var one = KeyPicker.counted(s.reads, access + " (each worker over its own slots)",
                        s.picker.expectedShare(0.1));
                sum = sum == null ? one : sum.plus(one);
            }
            return sum == null ? new AccessStats(access.toString(), objects, 0, 0, 0, 0, 0)
                    : sum;
        }

        int forPut(WorkerState state) {
            return missingCount > 0 ? missing[state.random().nextInt(missingCount)]
                    : present[state.random().nextInt(presentCount)];
        }

        void removed(int slot) {
            move(slot, present, presentCount--, missing, missingCount++);
        }

        void written(int slot) {
            int local = (slot - worker) / workers;
            if (missingCount > 0 && position[local] < missingCount && missing[position[local]] == slot) {
                move(slot, missing, missingCount--, present, presentCount++);
            }
        }

        /** Moves {@code slot} from the first {@code fromCount} of {@code from} to position {@code toCount} of to. */
        private void move(int slot, int[] from, int fromCount, int[] to, int toCount) {
            int local = (slot - worker) / workers;
            int at = position[local];
            int last = from[fromCount - 1];
            from[at] = last;
            position[(last - worker) / workers] = at;
            to[toCount] = slot;
            position[local] = toCount;
        }
    }
}
