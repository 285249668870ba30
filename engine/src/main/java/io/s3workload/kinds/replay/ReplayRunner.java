package io.s3workload.kinds.replay;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Units;
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
import io.s3workload.run.loop.ClosedLoop;
import io.s3workload.run.loop.Transfers;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.trace.TraceOp;
import io.s3workload.trace.TraceProblems;
import io.s3workload.trace.scan.SizeClass;
import io.s3workload.trace.scan.Trace;
import io.s3workload.trace.scan.TraceScan;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.Multipart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code kind: replay} (docs/replay.md): reads the trace through once ({@link TraceScan}: what it recorded, the
 * objects it reads before writing them), creates those (timed and reported apart), then plays it — its workers take
 * the operations in order, each started at its recorded time from the first divided by the speed
 * ({@link ReplaySchedule}), and sent as recorded ({@link ReplayRequests}), each kind of request in a cell of its
 * own and all of them in MIX — and keeps how faithfully it did ({@link ReplayFidelity}).
 */
public final class ReplayRunner implements StageRunner {

    static final String UPLOAD_NOT_BEGUN = "upload not begun in the trace";

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        ReplayStage spec = stage.spec(ReplayStage.class);
        CellPlan cell = stage.cells().get(0);
        long started = System.nanoTime();
        List<Path> files;
        TraceScan scan;
        try {
            files = Trace.files(spec.files());
            scan = TraceScan.of(files, spec.format(), spec.selection());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ReplayKeys keys = new ReplayKeys(context.keyPrefix(stage.name(), cell.size()), spec.hashKeys());
        context.note(stage.name(), "trace: " + Units.count(scan.played(), "operation") + " to replay over "
                + Units.seconds(scan.spanMicros() * 1000) + " as recorded" + (spec.speed() == 1 ? ""
                : ", " + Units.seconds(Math.round(scan.spanMicros() * 1000 / spec.speed())) + " at "
                + Units.plain(spec.speed()) + "x"));
        ReplayFidelity.Preparation preparation = prepare(stage, context, scan, keys, spec.data());

        warmUp(stage, context, keys);
        Map<Op, CellRecorder> byOp = new EnumMap<>(Op.class);
        Map<TraceOp.Kind, CellRecorder> cells = new EnumMap<>(TraceOp.Kind.class);
        for (TraceOp.Kind kind : scan.mix().keySet()) {
            cells.put(kind, byOp.computeIfAbsent(kind.cell(), o -> context.recorder(new CellKey(stage.name(), o,
                    CellRun.endpointOf(stage), cell.size()))));
        }
        CellRecorder total = context.recorder(new CellKey(stage.name(), Op.MIX, CellRun.endpointOf(stage),
                cell.size()));
        ReplayRequests requests = new ReplayRequests(keys, context.payload(), spec.data(), cells);
        List<CellRun.Outcome> outcomes;
        ReplaySchedule schedule;
        try (Trace trace = Trace.open(files, spec.format(), new TraceProblems())) {
            schedule = new ReplaySchedule(trace, spec.selection(), scan.firstMicros(), scan.firstPlayedMicros(),
                    spec.speed(), requests::taken);
            outcomes = CellRun.run(context, stage, stage.workers(), total, List.copyOf(byOp.values()), cell,
                    ClosedLoop.UNBOUNDED, (i, worker, recorder) -> {
                        ReplaySchedule.Hand hand = worker.local(ReplaySchedule.Hand::new);
                        requests.run(hand.op, hand.upload, worker, recorder);
                    }, schedule);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<CellStats> stats = new ArrayList<>();
        outcomes.subList(1, outcomes.size()).stream().map(CellRun.Outcome::stats).forEach(stats::add);
        stats.addAll(outcomes.get(0).cells());
        ReplayFidelity fidelity = fidelity(spec, files, scan, schedule, requests, preparation, stage.workers(),
                context.cancelled());
        if (fidelity.capped() > 0) {
            context.note(stage.name(), Units.count(fidelity.capped(), "operation") + " started more than "
                    + CellStats.LATE_MILLIS + " ms late with all " + stage.workers() + " workers busy: concurrency"
                    + " capped the replay (raise it to play the trace as recorded)");
        }
        return new StageResult(stage, stats, System.nanoTime() - started, context.cancelled())
                .with(fidelity);
    }

    /**
     * Creates the objects the trace reads before it writes them, at the sizes its reads need, and the copies'
     * sources: unmeasured, riding out transient failures, timed.
     */
    private static ReplayFidelity.Preparation prepare(StagePlan stage, RunContext context, TraceScan scan,
                                                      ReplayKeys keys, DataShape data) {
        List<TraceScan.Prepared> objects = new ArrayList<>(scan.prepare());
        scan.copySizes().forEach(size -> objects.add(new TraceScan.Prepared(null, size)));
        if (objects.isEmpty()) {
            return new ReplayFidelity.Preparation(0, 0, 0, 0);
        }
        long bytes = objects.stream().mapToLong(TraceScan.Prepared::size).sum();
        context.note(stage.name(), "preparing " + Units.count(objects.size(), "object") + " the trace reads before"
                + " it writes them (" + DataSize.ofBytes(bytes) + ", not measured)");
        long start = System.nanoTime();
        CellRecorder preparing = new CellRecorder(new CellKey(stage.name(), Op.PUT, stage.endpoint(),
                stage.cells().get(0).size()));
        var loop = ClosedLoop.Spec.unpaced(stage.name() + "-prepare", stage.concurrency(), objects.size(),
                context.clients().lease(stage), context.seed());
        ClosedLoop.run(loop, context::cancelled, preparing, (i, worker, recorder) -> {
            TraceScan.Prepared p = objects.get((int) i);
            String key = p.key() == null ? keys.copySource(p.size()) : keys.map(p.key());
            Transfers.put(worker.store(), key, context.payload().body(key, p.size(), data), Multipart.DEFAULT,
                    ObjectWrite.NONE);
            recorder.success(0, p.size());
        });
        CellStats done = preparing.finish(0, -1, -1);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (done.errors() > 0) {
            context.note(stage.name(), "preparation: " + done.errors() + " of " + objects.size() + " PUTs failed "
                    + done.errorsByClass() + "; reads of those objects will fail where the trace's did not");
        }
        return new ReplayFidelity.Preparation(objects.size() - done.errors(), bytes, seconds, done.errors());
    }

    /**
     * Writes, reads and HEADs of a few objects (under {@code .warm-up/}, unmeasured) before the clock starts: the JVM
     * compiles the request path then, not while the trace's first operations fall due (which it made start tens of
     * milliseconds late on a 2-core machine). The writes are of 1, 64 and 256 KiB, so that a body sent in several
     * pieces is compiled too: a trace's first operations are often writes.
     */
    private static void warmUp(StagePlan stage, RunContext context, ReplayKeys keys) {
        CellRecorder ignored = new CellRecorder(new CellKey(stage.name(), Op.PUT, stage.endpoint(),
                stage.cells().get(0).size()));
        var loop = ClosedLoop.Spec.unpaced(stage.name() + "-warm-up", Math.min(16, stage.concurrency()), WARM_UP_OPS,
                context.clients().lease(stage), context.seed());
        ClosedLoop.run(loop, context::cancelled, ignored, (i, worker, recorder) -> {
            String key = keys.prefix() + ".warm-up/" + (i % WARM_UP_KEYS);
            if (i < WARM_UP_KEYS || i % 4 == 0) {
                long size = WARM_UP_SIZES[(int) (i / 4 % WARM_UP_SIZES.length)];
                worker.store().put(key, context.payload().body(key, size), ObjectWrite.NONE);
            } else if (i % 4 == 2) {
                worker.store().head(key);
            } else {
                worker.store().get(key, worker.readBuffer(), worker.timing());
            }
            recorder.success(0, 0);
        });
    }

    /** The requests of the warm-up: its keys written, then a write, two reads and a HEAD in every four. */
    private static final long WARM_UP_OPS = 400;
    private static final int WARM_UP_KEYS = 16;
    private static final long[] WARM_UP_SIZES = {1024, 64 * 1024, 256 * 1024};

    private static ReplayFidelity fidelity(ReplayStage spec, List<Path> files, TraceScan scan,
                                           ReplaySchedule schedule, ReplayRequests requests,
                                           ReplayFidelity.Preparation preparation, int workers, boolean stopped) {
        Map<String, Long> notIssued = new TreeMap<>();
        long issued = schedule.lateness().getTotalCount();
        if (scan.played() > issued) {
            notIssued.put(stopped ? "the run was stopped" : "not reached", scan.played() - issued);
        }
        List<ReplayFidelity.MixRow> mix = new ArrayList<>();
        Map<String, Long> replayed = schedule.replayedMix();
        scan.mix().forEach((kind, classes) -> classes.forEach((size, n) -> mix.add(new ReplayFidelity.MixRow(
                kind.name(), size, n, replayed.getOrDefault(kind.name() + "\t" + size, 0L)))));
        replayed.forEach((k, n) -> {
            String[] parts = k.split("\t");
            boolean recorded = mix.stream().anyMatch(r -> r.op().equals(parts[0]) && r.size().equals(parts[1]));
            if (!recorded) {
                mix.add(new ReplayFidelity.MixRow(parts[0], parts[1], 0, n));
            }
        });
        mix.sort(Comparator.comparing(ReplayFidelity.MixRow::op)
                .thenComparingLong(r -> SizeClass.order(r.size())));
        List<ReplayFidelity.ServerTime> server = new ArrayList<>();
        scan.serverNanos().forEach((kind, h) -> server.add(new ReplayFidelity.ServerTime(kind.name(),
                ReplayFidelity.encode(h), scan.serverFirstByteNanos().containsKey(kind)
                ? ReplayFidelity.encode(scan.serverFirstByteNanos().get(kind)) : "")));
        List<ReplayFidelity.RecordedFailure> outcomes = new ArrayList<>();
        requests.outcomes().forEach((k, c) -> outcomes.add(new ReplayFidelity.RecordedFailure(k.split("\t")[0],
                Integer.parseInt(k.split("\t")[1]), c[0], c[1], c[2], c[3])));
        long[] recordedPerSecond = new long[(int) Math.ceil(scan.perSecond().length / spec.speed())];
        for (int s = 0; s < scan.perSecond().length; s++) {
            recordedPerSecond[Math.min(recordedPerSecond.length - 1, (int) (s / spec.speed()))] += scan.perSecond()[s];
        }
        org.HdrHistogram.Histogram late = schedule.lateness();
        return new ReplayFidelity(
                new ReplayFidelity.Source(scan.formats(), files.size(), spec.speed(), scan.spanMicros() / 1e6),
                new ReplayFidelity.Issuing(scan.played(), issued, notIssued, scan.skipped()),
                new ReplayFidelity.Timing(ReplayFidelity.encode(late), ReplayFidelity.millis(late, 50),
                        ReplayFidelity.millis(late, 99), ReplayFidelity.millis(late, 100), schedule.late(),
                        schedule.capped()),
                workers, mix, server, outcomes, preparation, recordedPerSecond, schedule.perSecond(),
                schedule.keyOrder());
    }
}
