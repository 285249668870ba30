package io.s3workload.kinds.history;

import io.s3workload.ground.Units;
import io.s3workload.history.CheckResult;
import io.s3workload.history.History;
import io.s3workload.history.HistoryChecker;
import io.s3workload.history.Op;
import io.s3workload.kinds.history.HistoryStage.HistoryOp;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.run.CellRun;
import io.s3workload.run.RunContext;
import io.s3workload.run.StageRunner;
import io.s3workload.run.keys.KeySet;
import io.s3workload.run.loop.Draws;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code kind: history}: the workers draw operations by weight over the stage's few keys ({@link HistoryProcess}
 * runs each and records it), each kind of request in a cell of its own (every PUT, conditional or not, in PUT) and
 * all of them in MIX; then the history is checked ({@link HistoryChecker}) and kept with the stage's result.
 */
public final class HistoryRunner implements StageRunner {

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        HistoryStage spec = stage.spec(HistoryStage.class);
        CellPlan cell = stage.cells().get(0);
        long started = System.nanoTime();
        String prefix = context.keyPrefix(stage.name(), spec.size());
        context.objects().wrote(new KeySet(prefix, spec.keys()));
        HistoryWrites writes = new HistoryWrites(context.payload(), prefix, spec.size().maxBytes());
        Map<io.s3workload.metrics.Op, CellRecorder> byRequest = new EnumMap<>(io.s3workload.metrics.Op.class);
        for (HistoryOp op : spec.weights().keySet()) {
            byRequest.computeIfAbsent(HistoryProcess.request(op), r -> context.recorder(new CellKey(stage.name(), r,
                    CellRun.endpointOf(stage), spec.size())));
        }
        List<HistoryOp> draws = Draws.table(spec.weights());
        CellRecorder total = context.recorder(new CellKey(stage.name(), io.s3workload.metrics.Op.MIX,
                CellRun.endpointOf(stage), spec.size()));
        List<HistoryProcess> processes = Collections.synchronizedList(new ArrayList<>());
        List<CellRun.Outcome> outcomes = CellRun.run(context, stage, stage.workers(), total,
                List.copyOf(byRequest.values()), cell, cell.operationLimit(), (i, worker, recorder) -> {
                    HistoryProcess process = worker.local(() -> {
                        HistoryProcess mine = new HistoryProcess(worker.index(), prefix, spec.keys(), writes);
                        processes.add(mine);
                        return mine;
                    });
                    HistoryOp op = draws.get(worker.random().nextInt(draws.size()));
                    recorder.alsoInto(byRequest.get(HistoryProcess.request(op)));
                    process.run(op, worker, recorder);
                });
        List<Op> ops = new ArrayList<>();
        int processCount = 0;
        for (HistoryProcess p : processes) {
            ops.addAll(p.ops());
            processCount += p.processes();
        }
        History history = History.of(ops, processCount, true);
        CheckResult checked = HistoryChecker.check(history, spec.checkTimeout());
        context.note(stage.name(), "checked " + Units.count(history.ops().size(), "operation") + " over "
                + Units.count(spec.keys(), "key") + " in " + String.format(Locale.ROOT, "%.2f s",
                checked.elapsedNanos() / 1e9));
        List<CellStats> cells = new ArrayList<>();
        outcomes.subList(1, outcomes.size()).stream().map(CellRun.Outcome::stats).forEach(cells::add);
        cells.addAll(outcomes.get(0).cells());
        return new StageResult(stage, cells, System.nanoTime() - started, context.cancelled())
                .with(HistoryCheck.of(history, checked, started));
    }
}
