package io.s3workload.kinds.versions;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.run.BucketVersioning;
import io.s3workload.run.CellRun;
import io.s3workload.run.RunContext;
import io.s3workload.run.StageRunner;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.run.clients.OwnRequests;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.data.Payload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: versions}: PUTs {@code versions} versions of each key (version {@code v} of key {@code k} holds the
 * payload of {@code k#v}), lists them all with ListObjectVersions, GETs every version by its id (checking its
 * bytes), and DELETEs every version by its id — four cells, each measured. A version the listing lacks is an
 * error of the listing. A bucket that keeps no versions fails the stage with one error saying so.
 */
public final class VersionsRunner implements StageRunner {

    static final String MISSING_FROM_LISTING = "version missing from the listing";

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        VersionsStage spec = stage.spec(VersionsStage.class);
        long start = System.nanoTime();
        CellPlan cell = stage.cells().get(0);
        String prefix = context.keyPrefix(stage.name(), cell.size());
        ObjectStore control = context.clients().sharedPrimed(stage.endpoint(), stage.client());
        Optional<String> notVersioned = BucketVersioning.unversioned(stage, control, context);
        if (notVersioned.isPresent()) {
            CellRecorder refused = new CellRecorder(new CellKey(stage.name(), Op.PUT, stage.endpoint(), cell.size()));
            refused.failure(notVersioned.get(), context.clients().bucket());
            return new StageResult(stage, List.of(refused.finish(System.nanoTime() - start, -1, -1)),
                    System.nanoTime() - start, false);
        }
        int total = Math.toIntExact(spec.objects() * spec.versions());
        String[] ids = new String[total];
        List<CellStats> cells = new ArrayList<>();
        cells.addAll(CellRun.run(context, stage, key(stage, Op.PUT, cell), cell, total, (i, worker, recorder) -> {
            int n = (int) i;
            Payload.Body body = context.payload().body(content(prefix, spec, n), cell.size(), spec.data());
            long t0 = System.nanoTime();
            String id = worker.store().versions().putVersion(prefix + (n % spec.objects()), body);
            recorder.success(System.nanoTime() - t0, body.length());
            ids[n] = id;
        }).cells());
        List<Integer> written = new ArrayList<>();
        for (int n = 0; n < total; n++) {
            if (ids[n] != null) {
                written.add(n);
            }
        }
        if (context.cancelled()) {
            tidy(stage, control, prefix, context);
            return new StageResult(stage, cells, System.nanoTime() - start, true);
        }
        cells.addAll(list(stage, cell, prefix, written.size(), context));
        cells.addAll(readAndDelete(stage, spec, cell, prefix, ids, written, context));
        tidy(stage, control, prefix, context);
        return new StageResult(stage, cells, System.nanoTime() - start, context.cancelled());
    }

    /** One listing of every version under the prefix, a page at a time; a written version it lacks is an error. */
    private static List<CellStats> list(StagePlan stage, CellPlan cell, String prefix, int written,
                                        RunContext context) {
        return CellRun.run(context, stage, key(stage, Op.LIST, cell), cell, 1, (i, worker, recorder) -> {
            String keyMarker = null;
            String versionMarker = null;
            long versions = 0;
            ObjectStore.VersionPage page;
            do {
                long t0 = System.nanoTime();
                page = worker.store().versions().listVersions(prefix, keyMarker, versionMarker, 1000);
                recorder.success(System.nanoTime() - t0, 0);
                recorder.items(page.versions().size());
                versions += page.versions().stream().filter(v -> !v.deleteMarker()).count();
                keyMarker = page.nextKeyMarker();
                versionMarker = page.nextVersionIdMarker();
            } while (!page.last() && !context.cancelled());
            if (versions < written) {
                recorder.failure(MISSING_FROM_LISTING, (written - versions) + " of " + written);
            }
        }).cells();
    }

    /** Each written version read back (its bytes checked), then deleted for good by its id. */
    private static List<CellStats> readAndDelete(StagePlan stage, VersionsStage spec, CellPlan cell, String prefix,
                                                 String[] ids, List<Integer> written, RunContext context) {
        List<CellStats> cells = new ArrayList<>(CellRun.run(context, stage, key(stage, Op.GET, cell), cell, written.size(),
                (i, worker, recorder) -> {
                    int n = written.get((int) i);
                    Payload.Body expected = context.payload().body(content(prefix, spec, n), cell.size(),
                            spec.data());
                    worker.timing().expect(expected);
                    long t0 = System.nanoTime();
                    String key = prefix + (n % spec.objects());
                    worker.store().versions().getVersion(key, ids[n], worker.readBuffer(), worker.timing());
                    recorder.read(key + " version " + ids[n], System.nanoTime() - t0, t0,
                            worker.timing());
                }).cells());
        cells.addAll(CellRun.run(context, stage, key(stage, Op.DELETE, cell), cell, written.size(),
                (i, worker, recorder) -> {
                    int n = written.get((int) i);
                    long t0 = System.nanoTime();
                    worker.store().versions().deleteVersion(prefix + (n % spec.objects()), ids[n]);
                    recorder.success(System.nanoTime() - t0, 0);
                }).cells());
        return cells;
    }

    /**
     * Deletes, unmeasured, every version and delete marker still under the stage's prefix — those of a run cut
     * short, or of a PUT the server stored after the client gave up on it. Each request rides out transient failures.
     */
    private static void tidy(StagePlan stage, ObjectStore store, String prefix, RunContext context) {
        OwnRequests requests = OwnRequests.until(System.nanoTime() + OwnRequests.BUDGET.toNanos())
                .logged(context.clients().opsLog(), OpsSink.CLEANUP, stage.name());
        long deleted = 0;
        try {
            ObjectStore.VersionPage page;
            do {
                page = requests.call("ListObjectVersions", () -> store.versions().listVersions(prefix, null, null, 1000));
                for (ObjectStore.KeyVersion v : page.versions()) {
                    requests.run("DeleteObject", () -> store.versions().deleteVersion(v.key(), v.versionId()));
                    deleted++;
                }
            } while (!page.versions().isEmpty() && !page.last());
        } catch (RuntimeException e) {
            context.note(stage.name(), "could not delete every version under " + prefix + ": " + e.getMessage()
                    + "; list them with aws s3api list-object-versions --prefix " + prefix);
        }
        if (deleted > 0) {
            context.note(stage.name(), Units.count(deleted, "version") + " left under " + prefix + " (a run cut short, or writes the"
                    + " server kept after the client gave up on them) were deleted");
        }
    }

    private static CellKey key(StagePlan stage, Op op, CellPlan cell) {
        return new CellKey(stage.name(), op, stage.endpoint(), cell.size());
    }

    /** The payload key of write {@code n}: version {@code n / objects} of key {@code n % objects}. */
    private static String content(String prefix, VersionsStage spec, int n) {
        return prefix + (n % spec.objects()) + "#" + (n / spec.objects());
    }
}
