package io.s3workload.run;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.StagePlan;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.workload.ConnectivityStage;
import io.s3workload.workload.DataSize;
import io.s3workload.workload.SizeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code kind: connectivity}: HeadBucket against each endpoint, {@code attempts} times one after the other, the
 * endpoints side by side. One cell per endpoint: the latency of the successful checks, failures by class with the
 * explanation of the first as example. A failing endpoint is reported, never fatal.
 */
final class ConnectivityRunner implements StageRunner {

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        ConnectivityStage spec = stage.spec(ConnectivityStage.class);
        long start = System.nanoTime();
        List<Future<CellStats>> checks = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (String endpoint : stage.roles().readers()) {
                checks.add(threads.submit(() -> check(stage, spec, endpoint, context)));
            }
        }
        List<CellStats> cells = checks.stream().map(Future::resultNow).toList();
        return new StageResult(stage, cells, System.nanoTime() - start, context.cancelled());
    }

    private static CellStats check(StagePlan stage, ConnectivityStage spec, String endpoint, RunContext context) {
        CellRecorder recorder = new CellRecorder(new CellKey(stage.name(), Op.HEAD_BUCKET, endpoint,
                SizeSpec.of(DataSize.ofBytes(0))));
        long start = System.nanoTime();
        ObjectStore store = context.clients().shared(endpoint, stage.client());
        for (int attempt = 0; attempt < spec.attempts() && !context.cancelled(); attempt++) {
            long t0 = System.nanoTime();
            try {
                store.headBucket(spec.timeout());
                recorder.success(System.nanoTime() - t0, 0);
            } catch (StoreException e) {
                recorder.failure(Preflight.failureClass(e), Preflight.explain(e,
                        context.clients().endpoint(endpoint), context.clients().bucket()));
            } catch (RuntimeException e) {
                recorder.failure("client error: " + e.getClass().getSimpleName(), String.valueOf(e.getMessage()));
            }
        }
        return recorder.finish(System.nanoTime() - start, -1, -1);
    }
}
