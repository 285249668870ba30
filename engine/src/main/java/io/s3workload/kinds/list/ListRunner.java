package io.s3workload.kinds.list;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.CellRun;
import io.s3workload.run.CellStageRunner;
import io.s3workload.run.RunContext;
import io.s3workload.s3.ObjectStore;
import java.util.List;

/**
 * {@code kind: list}: each operation is a complete listing of the prefix, page by page; every page is a measured
 * request, and the keys it returned are counted, so the report gives pages/s and keys/s.
 */
public final class ListRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        ListStage spec = stage.spec(ListStage.class);
        String prefix = context.runPrefix() + stage.fromPrefix(); // all the run's, without one
        CellKey key = new CellKey(stage.name(), Op.LIST, stage.endpoint(), cell.size());
        long limit = cell.operationLimit();
        return CellRun.run(context, stage, key, cell, limit, (i, worker, recorder) -> {
            ObjectStore store = worker.store();
            String token = null;
            do {
                long t0 = System.nanoTime();
                ObjectStore.ListPage page = store.bucketWide().listPage(prefix, token, spec.pageSize());
                recorder.success(System.nanoTime() - t0, 0);
                recorder.items(page.keys().size());
                token = page.nextToken();
            } while (token != null && !context.cancelled());
        }).cells();
    }
}
