package io.s3workload.kinds.connectivity;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Durations;
import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.run.Preflight;
import io.s3workload.run.RunContext;
import io.s3workload.run.StageRunner;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.RequestTrace;
import io.s3workload.s3.StoreException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code kind: connectivity}: HeadBucket against each endpoint, {@code attempts} times one after the other, and
 * the endpoints one after the other too (checked side by side, on a machine of two cores, their requests slowed
 * each other down: 9-30 ms where each alone took 2-6 ms). One cell per endpoint: the latency of the successful
 * checks, failures by class with the explanation of the first as example. A failing endpoint is reported, never
 * fatal.
 *
 * <p>Each endpoint gets one request first that is kept out of the figures (its time is reported apart), because it
 * carries the client's own start — connecting, class loading, the signer's first use — which made a 3 ms server read
 * as 145 ms. A first request that fails is the first attempt's failure: an endpoint that is down is reported as
 * such, without waiting one more timeout.
 */
public final class ConnectivityRunner implements StageRunner {

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        ConnectivityStage spec = stage.spec(ConnectivityStage.class);
        long start = System.nanoTime();
        List<CellStats> cells = new ArrayList<>();
        for (String endpoint : stage.roles().readers()) {
            cells.add(check(stage, spec, endpoint, context));
        }
        return new StageResult(stage, cells, System.nanoTime() - start, context.cancelled());
    }

    /**
     * Runs {@code call} on a thread of its own and gives up after {@code timeout}, interrupting it (which closes
     * its socket): a timeout of our own rather than the SDK's API-call timer, whose timeout path failed now and
     * then with an IncompatibleClassChangeError on JDK 25 and virtual threads.
     */
    private static void within(Duration timeout, Runnable call) {
        RequestTrace caller = RequestTrace.current();
        caller.beginOperation();
        FutureTask<Void> task = new FutureTask<>(() -> {
            try {
                call.run();
            } finally {
                caller.copyFrom(RequestTrace.current()); // the ops log reads the caller's
            }
        }, null);
        Thread runner = Thread.ofVirtual().name("s3workload-connectivity").start(task);
        try {
            task.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            task.cancel(true);
            throw new StoreException(StoreException.Kind.TIMEOUT, "timeout", "no answer within "
                    + Durations.format(timeout), null);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            runner.interrupt();
            Thread.currentThread().interrupt();
            throw new StoreException(StoreException.Kind.CLIENT, "interrupted", "interrupted", null);
        }
    }

    private static CellStats check(StagePlan stage, ConnectivityStage spec, String endpoint, RunContext context) {
        CellRecorder recorder = context.recorder(new CellKey(stage.name(), Op.HEAD_BUCKET, endpoint,
                SizeSpec.of(DataSize.ofBytes(0))));
        long start = System.nanoTime();
        ObjectStore store = context.clients().shared(endpoint, stage.client());
        int attempt = 0;
        if (!context.cancelled()) {
            long t0 = System.nanoTime();
            if (attempt(spec, store, endpoint, context, recorder, false)) {
                recorder.firstRequest(System.nanoTime() - t0);
            } else {
                attempt++; // the first request failed: that is the first attempt's result
            }
        }
        for (; attempt < spec.attempts() && !context.cancelled(); attempt++) {
            attempt(spec, store, endpoint, context, recorder, true);
        }
        return recorder.finish(System.nanoTime() - start, -1, -1);
    }

    /** One HeadBucket; a success is recorded when {@code measured}, a failure always. Whether it succeeded. */
    private static boolean attempt(ConnectivityStage spec, ObjectStore store, String endpoint, RunContext context,
                                   CellRecorder recorder, boolean measured) {
        long t0 = System.nanoTime();
        try {
            within(spec.timeout(), store.bucketWide()::headBucket);
            if (measured) {
                long latency = System.nanoTime() - t0;
                recorder.success(latency, 0);
                context.logOperation(recorder, "", t0, 0, latency, null);
            }
            return true;
        } catch (StoreException e) {
            recorder.failure(Preflight.failureClass(e), Preflight.explain(e,
                    context.clients().endpoint(endpoint), context.clients().bucket()));
            context.logOperation(recorder, "", t0, 0, -1, Preflight.failureClass(e));
        } catch (RuntimeException e) {
            recorder.failure("client error: " + e.getClass().getSimpleName(), String.valueOf(e.getMessage()));
        }
        return false;
    }
}
