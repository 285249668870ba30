package io.s3workload.run;

import io.s3workload.ground.Durations;
import io.s3workload.ground.Shard;
import io.s3workload.plan.Plan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.Breach;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.Reporter;
import io.s3workload.result.ReporterBus;
import io.s3workload.result.RunInfo;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.run.cleanup.Cleanup;
import io.s3workload.run.cleanup.CleanupManifest;
import io.s3workload.run.clients.Clients;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.run.clients.OwnRequests;
import io.s3workload.run.keys.ObjectRegistry;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.Payload;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.endpoints.EndpointSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

/**
 * Runs a {@link Plan}: checks the endpoints, runs the stages in order, checks thresholds, and cleans up
 * everything under the run prefix, also after {@link #cancel()} (Ctrl-C).
 */
public final class Engine {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private final Plan plan;
    private final List<Reporter> reporters;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    /** Set by Ctrl-C ({@link #cancel}) and by a failing stage with {@code onFailure: stopRun}. */
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final RunOptions options;
    /** Set by a second Ctrl-C: the cleanup stops where it is and writes its manifest. */
    private final AtomicBoolean cleanupSkipped = new AtomicBoolean();
    private volatile Clients clients;
    private volatile Thread cleanupThread;

    public Engine(Plan plan, List<Reporter> reporters) {
        this(plan, reporters, RunOptions.DEFAULT);
    }

    /** @param manifestDirectory where a cleanup that cannot finish writes the keys it left (see {@link Cleanup}) */
    public Engine(Plan plan, List<Reporter> reporters, Path manifestDirectory) {
        this(plan, reporters, RunOptions.DEFAULT.withManifestDirectory(manifestDirectory));
    }

    public Engine(Plan plan, List<Reporter> reporters, RunOptions options) {
        // one seed for everything random in the run (payloads, key picks, host selection), drawn here when the
        // workload gives none, and printed in the header and summary.json so that --set seed=N repeats the run
        this.plan = plan.seed().isPresent() ? plan : plan.withSeed(ThreadLocalRandom.current().nextLong());
        this.reporters = List.copyOf(reporters);
        this.options = options;
    }

    /**
     * Stops the run: no operation starts, every one in flight is interrupted at once (the same way the watchdog
     * ends one past its time limit), later stages are skipped; the cleanup still runs, within the stopped-run
     * cleanup timeout.
     */
    public void cancel() {
        cancelled.set(true);
        stopped.set(true);
        Clients running = clients;
        if (running != null) {
            running.interruptAll();
        }
    }

    /** Skips the cleanup (or stops it where it is): the manifest names everything the run may have left. */
    public void skipCleanup() {
        cleanupSkipped.set(true);
        Thread cleaning = cleanupThread;
        if (cleaning != null) {
            cleaning.interrupt();
        }
    }

    /** Waits for a cancelled run to finish its cleanup. */
    public boolean awaitFinished(Duration timeout) throws InterruptedException {
        return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public RunResult run() throws EndpointUnavailableException {
        long start = System.nanoTime();
        String runId = options.runId().orElseGet(() -> RUN_ID.format(Instant.now()) + "-"
                + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000)));
        String shardPrefix = options.shard().map(Shard::prefix).orElse("");
        String runPrefix = (plan.prefix().isEmpty() ? "" : plan.prefix() + "/") + runId + "/" + shardPrefix;
        long seed = plan.seed().orElseThrow();
        String sharedPrefix = plan.prefix().isEmpty() ? "" : plan.prefix() + "/";
        try (Clients clients = new Clients(plan, options.shard().filter(s -> s.count() > 1).isPresent()); ReporterBus bus = new ReporterBus(reporters)) {
            this.clients = clients;
            logOperations(runId, clients);
            if (cancelled.get()) {
                clients.interruptAll();
            }
            List<StagePlan> checksFirst = plan.stages().stream().takeWhile(s -> s.kind() == StageKind.CONNECTIVITY)
                    .toList();
            Map<String, ObjectStore> stores = Map.of();
            BucketCheck buckets = new BucketCheck(plan, cancelled::get);
            EndpointUnavailableException unavailable = null;
            try {
                stores = buckets.run(clients);
            } catch (EndpointUnavailableException e) {
                if (checksFirst.isEmpty()) {
                    throw e;
                }
                unavailable = e;
            }
            Map<String, String> urls = endpointUrls();
            if (options.startAt().isPresent() && !cancelled.get()) {
                waitUntil(options.startAt().get(), bus);
            }
            Instant startedAt = Instant.now();
            start = System.nanoTime();
            RunInfo info = new RunInfo(runId, runPrefix, seed, startedAt, buckets.checkedPlan(), urls, options.shard(),
                    options.serverInProcess(), options.startAt());
            bus.post(r -> r.runStarted(info));
            noteCorrectedRegions(buckets, bus);
            RunContext context = new RunContext(runPrefix, sharedPrefix, new Payload(seed), clients, bus,
                    stopped);
            List<StageResult> results;
            if (unavailable != null) {
                runChecks(checksFirst, context, bus);
                throw unavailable;
            }
            StageGraphRun graph = new StageGraphRun(plan, context, bus, start, stopped, this::alignStart);
            results = graph.run();
            List<Breach> breaches = graph.breaches();
            CleanupResult cleanup = (plan.keep() ? CleanupResult.KEPT
                    : cleanup(runPrefix, stores, context.objects(), bus)).withKept(context.keptSources());
            if (!plan.keep()) {
                removeCreatedBuckets(buckets.created(), cleanup, bus);
            }
            RunResult result = new RunResult(info, results, breaches, cleanup, cancelled.get(),
                    System.nanoTime() - start);
            bus.post(r -> r.runFinished(result));
            return result;
        } finally {
            finished.countDown();
        }
    }

    /** The printable URL of every endpoint a stage uses, by name. */
    private Map<String, String> endpointUrls() {
        Map<String, String> urls = new LinkedHashMap<>();
        plan.stages().stream().flatMap(s -> s.endpoints().stream()).distinct()
                .forEach(name -> urls.put(name, plan.endpoints().get(name).printableUrl()));
        return urls;
    }

    /** Says which endpoints now sign for the region the server named, and how to say so in the workload. */
    private void noteCorrectedRegions(BucketCheck buckets, ReporterBus bus) {
        buckets.regionsCorrected().forEach(e -> bus.post(r -> r.note("start", "endpoint '" + e.name() + "' signs for"
                + " region " + e.region() + ", where the server says bucket '" + plan.bucket() + "' is (no"
                + " region was given, and " + EndpointSpec.DEFAULT_REGION + " was refused); set region: "
                + e.region() + " on the endpoint, or AWS_REGION, to say so")));
    }

    /** The connectivity checks that lead the workload, run when an endpoint is unavailable, to say why. */
    private static void runChecks(List<StagePlan> checks, RunContext context, ReporterBus bus) {
        for (StagePlan check : checks) {
            bus.post(r -> r.stageStarted(check));
            StageResult result = StageRunner.of(check.kind()).run(check, context);
            bus.post(r -> r.stageFinished(result));
        }
    }

    /**
     * Removes the buckets the run created, once its cleanup left nothing on their endpoint (DeleteBucket refuses a
     * bucket that is not empty, so nothing of anyone else's could go with it); says what it did.
     */
    private void removeCreatedBuckets(List<BucketCheck.CreatedBucket> created, CleanupResult cleanup,
                                      ReporterBus bus) {
        if (created.isEmpty()) {
            return;
        }
        if (!cleanup.complete() || !cleanup.kept().isEmpty()) {
            bus.post(r -> r.note("cleanup", "kept the " + created.size() + " buckets this run created ("
                    + created.stream().map(c -> c.store().bucket()).collect(Collectors.joining(", "))
                    + "): " + (cleanup.kept().isEmpty() ? "the cleanup left objects in them" : "sources kept in them")));
            return;
        }
        List<String> removed = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        OwnRequests requests = OwnRequests.until(System.nanoTime() + OwnRequests.BUDGET.toNanos())
                .logged(clients.opsLog(), OpsSink.CLEANUP, "");
        for (BucketCheck.CreatedBucket bucket : created) {
            try {
                requests.run("DeleteBucket", bucket.store().bucketWide()::deleteBucket);
                removed.add(bucket.store().bucket());
            } catch (StoreException e) {
                failed.add(bucket.store().bucket() + " (" + e.errorClass() + ")");
            }
        }
        bus.post(r -> r.note("cleanup", (removed.isEmpty() ? "" : "removed the " + removed.size() + " buckets this"
                + " run created: " + String.join(", ", removed)) + (failed.isEmpty() ? "" : (removed.isEmpty() ? ""
                : "; ") + "could not remove " + String.join(", ", failed))));
    }

    /**
     * Cleans up on a thread of its own, so that it can be given a deadline — the stopped-run cleanup timeout after
     * Ctrl-C, {@link RunOptions#FINISHED_CLEANUP} otherwise — and be interrupted by a second Ctrl-C; whatever
     * happens, what is or may be left is written to the manifest.
     */
    private CleanupResult cleanup(String runPrefix, Map<String, ObjectStore> stores, ObjectRegistry objects,
                                  ReporterBus bus) {
        String name = runPrefix.substring(plan.prefix().isEmpty() ? 0 : plan.prefix().length() + 1)
                .replaceAll("/$", "").replace('/', '-');
        Path file = options.manifestDirectory().resolve(Cleanup.manifestFile(name));
        CleanupManifest everything = Cleanup.everything(plan.bucket(), runPrefix, List.copyOf(stores.keySet()),
                objects.written());
        if (cleanupSkipped.get()) {
            return Cleanup.abandoned(everything, file, SKIPPED);
        }
        Duration limit = cancelled.get() ? options.stoppedCleanupTimeout() : RunOptions.FINISHED_CLEANUP;
        bus.post(r -> r.note("cleanup", "removing the objects under " + runPrefix + (cancelled.get()
                ? " (for at most " + Durations.format(limit) + "; Ctrl-C again to skip it)" : "")));
        long deadline = System.nanoTime() + limit.toNanos();
        AtomicReference<CleanupResult> result = new java.util.concurrent.atomic
                .AtomicReference<>();
        Thread cleaning = Thread.ofVirtual().name("s3workload-cleanup").unstarted(() -> result.set(
                Cleanup.finish(everything, stores, file, OwnRequests.until(deadline)
                        .logged(clients.opsLog(), OpsSink.CLEANUP, ""), complianceEnds())));
        cleanupThread = cleaning;
        cleaning.start();
        if (cleanupSkipped.get()) {
            cleaning.interrupt();
        }
        try {
            if (!cleaning.join(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())).plus(CLEANUP_GRACE))) {
                cleaning.interrupt(); // stuck in a request that did not end by itself
                cleaning.join(CLEANUP_GRACE);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cleaning.interrupt();
        }
        CleanupResult done = result.get();
        if (done == null) {
            return Cleanup.abandoned(everything, file, "the cleanup did not finish within " + Durations.format(limit));
        }
        if (cleanupSkipped.get() && !done.complete()) {
            List<String> errors = new ArrayList<>(done.errors());
            errors.add(0, SKIPPED);
            return new CleanupResult(false, done.removed(), done.leftBehind(), done.exact(), errors, done.manifest(),
                    done.kept(), done.versionsRemoved());
        }
        return done;
    }

    /**
     * When the longest compliance retention the run's writes set ends at the latest: now plus the longest period
     * (every write came before now); EPOCH when none set one.
     */
    private Instant complianceEnds() {
        Duration longest = plan.longestComplianceRetention();
        return longest.isZero() ? Instant.EPOCH : Instant.now().plus(longest);
    }

    /** Every request is logged from now on where a reporter keeps an ops log ({@code --report ops}). */
    private void logOperations(String runId, Clients clients) {
        String shard = options.shard().filter(s -> s.count() > 1).map(s -> s.index() + "/" + s.count()).orElse("");
        reporters.stream().flatMap(r -> r.operations(runId).stream()).findFirst().ifPresent(log ->
                clients.logOperations(new OpsSink(log, runId, shard, plan.bucket())));
    }

    private static final String SKIPPED = "the cleanup was skipped (a second Ctrl-C)";
    /** How long past its deadline a cleanup is waited for, and then again after it is interrupted. */
    private static final Duration CLEANUP_GRACE = Duration.ofSeconds(2);

    /** {@code --start-at}: waits (cancellably) until {@code at}, saying so. */
    private void waitUntil(Instant at, ReporterBus bus) {
        long wait = Duration.between(Instant.now(), at).toMillis();
        if (wait <= 0) {
            bus.post(r -> r.note("start", "the start time " + at + " has passed " + Durations.format(
                    Duration.ofMillis(-wait)) + " ago; starting now"));
            return;
        }
        bus.post(r -> r.note("start", "waiting until " + at + " (" + Durations.format(Duration.ofMillis(wait))
                + ") for the other shards"));
        long deadline = System.nanoTime() + wait * 1_000_000;
        while (!cancelled.get() && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(Math.min(100_000_000L, deadline - System.nanoTime()));
        }
        // the monotonic clock may run a little ahead of the wall clock the start time is on: never begin before it
        for (Instant now = Instant.now(); !cancelled.get() && now.isBefore(at); now = Instant.now()) {
            LockSupport.parkNanos(Math.max(1_000, Duration.between(now, at).toNanos()));
        }
    }

    /**
     * With {@code --start-at}, a stage whose predecessors all run for a fixed time starts at the start time plus
     * their durations, so that the shards' stages line up on the wall clock even when one prepared slower.
     */
    private void alignStart(StagePlan stage, ReporterBus bus) {
        if (options.startAt().isEmpty() || stage.after().isEmpty()) {
            return;
        }
        Optional<Duration> offset = new io.s3workload.plan.Schedule(plan).start(stage.index());
        if (offset.isEmpty()) {
            return;
        }
        Instant at = options.startAt().get().plus(offset.get());
        if (Instant.now().isBefore(at)) {
            waitUntil(at, bus);
        }
    }
}
