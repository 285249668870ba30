package io.s3workload.run;

import io.s3workload.plan.Plan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.Breach;
import io.s3workload.result.ReporterBus;
import io.s3workload.result.StageResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BiConsumer;

/**
 * Runs a plan's stages as a graph: each on its own virtual thread, starting once every stage it is after has
 * ended (a stage 'with' another starts when that one starts and is stopped when it ends), so that independent
 * branches overlap. A stage that crosses a {@code failOn} threshold stops the stages that name it in their
 * {@code after} (they are skipped, and the report says why; a plain list of stages goes on as it always has, the
 * threshold making the exit code) or, with {@code onFailure: stopRun}, the whole run.
 */
final class StageGraphRun {

    private final Plan plan;
    private final RunContext context;
    private final ReporterBus bus;
    private final long runStart;
    private final AtomicBoolean stopped;
    private final BiConsumer<StagePlan, ReporterBus> alignStart;
    private final int size;
    private final CountDownLatch[] started;
    private final CountDownLatch[] ended;
    private final AtomicReferenceArray<StageResult> results;
    private final AtomicReferenceArray<String> failures;
    /** The thresholds each stage crossed, judged once as it ended. */
    private final AtomicReferenceArray<List<Breach>> breaches;
    private volatile String stopReason;

    StageGraphRun(Plan plan, RunContext context, ReporterBus bus, long runStart, AtomicBoolean stopped,
                  BiConsumer<StagePlan, ReporterBus> alignStart) {
        this.plan = plan;
        this.context = context;
        this.bus = bus;
        this.runStart = runStart;
        this.stopped = stopped;
        this.alignStart = alignStart;
        this.size = plan.stages().size();
        this.started = new CountDownLatch[size];
        this.ended = new CountDownLatch[size];
        for (int i = 0; i < size; i++) {
            started[i] = new CountDownLatch(1);
            ended[i] = new CountDownLatch(1);
        }
        this.results = new AtomicReferenceArray<>(size);
        this.failures = new AtomicReferenceArray<>(size);
        this.breaches = new AtomicReferenceArray<>(size);
    }

    /** Runs every stage; returns their results (run or skipped) in plan order. */
    List<StageResult> run() {
        try (ExecutorService threads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("stage-", 0)
                .factory())) {
            for (StagePlan stage : plan.stages()) {
                threads.execute(() -> runStage(stage));
            }
        }
        List<StageResult> all = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            all.add(results.get(i));
        }
        return all;
    }

    /** The thresholds the stages crossed, in plan order (after {@link #run}). */
    List<Breach> breaches() {
        List<Breach> all = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            List<Breach> crossed = breaches.get(i);
            all.addAll(crossed == null ? List.of() : crossed);
        }
        return all;
    }

    private void runStage(StagePlan stage) {
        int i = stage.index();
        try {
            String skip = awaitPrerequisites(stage);
            if (skip == null && stage.with().isEmpty()) {
                alignStart.accept(stage, bus);
            }
            if (skip == null && stopped.get()) {
                skip = stopReason != null ? stopReason : "the run was stopped";
            }
            if (skip != null) {
                StageResult result = StageResult.skipped(stage, skip);
                results.set(i, result);
                failures.set(i, "skipped");
                bus.post(r -> r.note(stage.name(), "skipped: " + result.skipped().orElseThrow()));
                bus.post(r -> r.stageFinished(result));
                return;
            }
            RunContext own = stage.with().isPresent()
                    ? context.stoppingWhen(() -> ended[stage.with().getAsInt()].getCount() == 0) : context;
            long start = System.nanoTime() - runStart;
            bus.post(r -> r.stageStarted(stage));
            started[i].countDown();
            long waitedBefore = waitedOnOpsLog();
            StageResult result = StageRunner.of(stage.kind()).run(stage, own).placed(start, stopped.get());
            noteWaitOnOpsLog(stage, waitedOnOpsLog() - waitedBefore);
            results.set(i, result);
            List<Breach> crossed = Thresholds.check(result);
            breaches.set(i, crossed);
            if (!crossed.isEmpty()) {
                failures.set(i, "failed (a failOn threshold was crossed)");
                if (stage.stopsTheRunOnFailure()) {
                    stopReason = "stage " + stage.name() + " failed (a failOn threshold was crossed) and has"
                            + " onFailure: stopRun";
                    stopped.set(true);
                }
            }
            bus.post(r -> r.stageFinished(result));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            results.compareAndSet(i, null, StageResult.skipped(stage, "interrupted"));
        } finally {
            results.compareAndSet(i, null, StageResult.skipped(stage, "it could not run"));
            started[i].countDown();
            ended[i].countDown();
        }
    }

    /** Waits for what the stage needs; a reason to skip it, or null to run it. */
    private String awaitPrerequisites(StagePlan stage) throws InterruptedException {
        if (stage.with().isPresent()) {
            int target = stage.with().getAsInt();
            started[target].await();
            String failure = failures.get(target);
            if ("skipped".equals(failure)) {
                return "stage " + plan.stages().get(target).name() + ", which it runs with, was skipped";
            }
            return null;
        }
        for (int p : stage.after()) {
            ended[p].await();
        }
        if (!stage.namesWhatItRunsAfter()) {
            return null;
        }
        for (int p : stage.after()) {
            String failure = failures.get(p);
            if (failure != null) {
                return "stage " + plan.stages().get(p).name() + ", which it runs after, "
                        + ("skipped".equals(failure) ? "was skipped" : failure);
            }
        }
        return null;
    }

    /** How long workers have waited for the ops log's writer so far (0 without an ops log). */
    private long waitedOnOpsLog() {
        return context.clients().opsLog().map(log -> log.log().waitedNanos()).orElse(0L);
    }

    /**
     * Says so when the stage's workers waited for the ops log's writer (compression or the disk fell behind): that
     * time is in their operations' spacing, so the client, not the store, may have set the pace. Stages running
     * together share the figure.
     */
    private void noteWaitOnOpsLog(StagePlan stage, long waitedNanos) {
        if (waitedNanos >= 1_000_000) {
            context.note(stage.name(), String.format(Locale.ROOT, "client-bound: workers waited %.1f ms in"
                    + " all for the ops log's writer (no row dropped); the load may have been slowed by the log,"
                    + " not the store", waitedNanos / 1e6));
        }
    }
}
