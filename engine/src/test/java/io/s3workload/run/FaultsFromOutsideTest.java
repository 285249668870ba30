package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.plan.Plan;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.RunResult;
import io.s3workload.run.cleanup.Cleanup;
import io.s3workload.run.cleanup.CleanupManifest;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.paths.StoreFactory;
import io.s3workload.testing.Faults;
import io.s3workload.testing.Faults.Fault;
import io.s3workload.testing.Faults.Rule;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.endpoints.ClientSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What issue 17 asks of the engine, with the fault front before the in-process server: the tool's own requests
 * ride out transient failures, readers never count a key whose PUT failed as the storage's error, the cleanup's
 * count matches the bucket (or says it cannot), and a stop ends stalled requests at once and the cleanup within its
 * timeout. The same contract is checked from outside the JVM by src/e2e/faults.sh.
 */
class FaultsFromOutsideTest {

    private static final String BUCKET = "outside";
    private static final String OBJECTS = "/outside/s3workload/.*";
    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket(BUCKET);
        s3.put(BUCKET, "decoy/kept", "not ours");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static Plan plan(HttpFront front, String stages) throws Exception {
        return s3.plan("bucket: " + BUCKET + "\ndefaults: {retries: 0}\nstages:\n" + stages, s3.server().accessKey(),
                s3.server().secretKey(), front.endpoint().toString());
    }

    /** A client straight to the server, as {@code s3workload cleanup} would make one once the storage answers. */
    private static ObjectStore directStore() throws Exception {
        return StoreFactory.create(s3.plan("bucket: " + BUCKET + "\nstages: [{name: x, kind: put, size: 1KiB,"
                + " objects: 1}]").endpoints().get("s3"), BUCKET, 2, ClientSettings.DEFAULT);
    }

    private static CellStats cell(RunResult result, String stage) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).findFirst().orElseThrow()
                .cells().get(0);
    }

    private List<String> left(RunResult result) {
        return s3.list(BUCKET, result.info().runPrefix()).stream().map(o -> o.key()).toList();
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"http", "sync"})
    void readersSkipKeysWhosePutFailedAndErrorClassesFollowOneScheme(String client) throws Exception {
        Faults faults = new Faults(1, Duration.ZERO,
                Rule.every("PUT", OBJECTS, 7, 3, 0, Fault.SLOW_DOWN),
                Rule.every("PUT", OBJECTS, 11, 5, 0, Fault.RESET_BEFORE_RESPONSE),
                Rule.every("HEAD", OBJECTS, 9, 2, 0, Fault.INTERNAL_ERROR),
                Rule.every("GET", OBJECTS, 13, 4, 0, Fault.INTERNAL_ERROR));
        RunResult result;
        try (HttpFront front = HttpFront.start(s3.endpoint(), faults)) {
            result = new Engine(plan(front, """
                      - {name: put, kind: put, size: 4KiB, objects: 40, concurrency: 3, client: CLIENT}
                      - {name: get, kind: get, from: put, operations: 80, verify: true, concurrency: 3, client: CLIENT}
                      - {name: head, kind: head, from: put, operations: 60, concurrency: 3, client: CLIENT}
                    """.replace("CLIENT", client)), List.of()).run();
        }
        CellStats put = cell(result, "put");
        assertEquals(40, put.attempted());
        long failedPuts = faults.injectedBy(0) + faults.injectedBy(1);
        assertEquals(Map.of("HTTP 503 SlowDown", faults.injectedBy(0), "connection reset", faults.injectedBy(1)),
                put.errorsByClass());
        CellStats get = cell(result, "get");
        assertEquals(80, get.attempted());
        assertEquals(Map.of("HTTP 500 InternalError", faults.injectedBy(3)), get.errorsByClass(),
                "no 404 for keys whose PUT failed");
        CellStats head = cell(result, "head");
        assertEquals(60, head.attempted());
        assertEquals(Map.of("HTTP 500", faults.injectedBy(2)), head.errorsByClass(),
                "a HEAD's class is its status alone, whatever the client");
        assertEquals(40 - failedPuts, put.operations());
        assertTrue(result.cleanup().complete(), result.cleanup().toString());
        assertEquals(List.of(), left(result));
    }

    @Test
    void theToolsOwnRequestsRideOutTransientFailures() throws Exception {
        Faults faults = new Faults(1, Duration.ZERO,
                Rule.every("HEAD", "/outside", 1, 1, 2, Fault.INTERNAL_ERROR),
                Rule.every("GET", "/outside\\?.*list-type=2.*", 1, 1, 1, Fault.TRUNCATED_BODY),
                Rule.every("GET", "/outside\\?uploads.*", 1, 1, 1, Fault.RESET_BEFORE_RESPONSE),
                Rule.every("POST", "/outside\\?delete.*", 1, 1, 1, Fault.SLOW_DOWN));
        RunResult result;
        try (HttpFront front = HttpFront.start(s3.endpoint(), faults)) {
            result = new Engine(plan(front, "  - {name: put, kind: put, size: 1KiB, objects: 12}"), List.of())
                    .run();
        }
        for (int rule = 0; rule < 4; rule++) {
            assertTrue(faults.injectedBy(rule) > 0, "rule " + faults.rules().get(rule) + " was not injected");
        }
        assertEquals(0, result.exitCode(), "two 500s on the bucket check do not refuse the run");
        assertEquals(12, result.cleanup().removed());
        assertTrue(result.cleanup().complete(), result.cleanup().toString());
        assertEquals(List.of(), left(result));
        assertEquals(List.of("decoy/kept"), s3.list(BUCKET, "decoy/").stream().map(o -> o.key()).toList());
    }

    @Test
    void aStopEndsTheBucketChecksRetries() throws Exception {
        Faults faults = new Faults(1, Duration.ZERO, Rule.every("HEAD", "/outside", 1, 1, 0, Fault.INTERNAL_ERROR));
        long start = System.nanoTime();
        try (HttpFront front = HttpFront.start(s3.endpoint(), faults)) {
            Engine engine = new Engine(plan(front, "  - {name: put, kind: put, size: 1KiB, objects: 1}"), List.of());
            Thread stopper = Thread.ofVirtual().start(() -> {
                while (faults.injectedBy(0) < 2) {
                    Thread.onSpinWait();
                }
                engine.cancel();
            });
            org.junit.jupiter.api.Assertions.assertThrows(EndpointUnavailableException.class, engine::run);
            stopper.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        // unstopped, a failing check is retried for 30 s (OwnRequests.BUDGET): half of that tells the two apart
        assertTrue(seconds < 15, "the bucket check went on retrying for " + seconds + " s after the stop");
    }

    @Test
    void aCleanupThatCannotListDeletesTheKeysItKnowsAndSaysItIsNotExact(@TempDir Path dir) throws Exception {
        Faults faults = new Faults(1, Duration.ZERO,
                Rule.every("GET", "/outside\\?.*list-type=2.*", 1, 1, 0, Fault.FORBIDDEN));
        RunResult result;
        try (HttpFront front = HttpFront.start(s3.endpoint(), faults)) {
            result = new Engine(plan(front, "  - {name: put, kind: put, size: 1KiB, objects: 15}"), List.of(), dir)
                    .run();
        }
        CleanupResult cleanup = result.cleanup();
        assertFalse(cleanup.exact(), cleanup.toString());
        assertFalse(cleanup.complete());
        assertEquals(15, cleanup.removed(), "the 15 keys the run wrote were deleted by name");
        assertEquals(List.of(), left(result));
        CleanupManifest manifest = CleanupManifest.read(cleanup.manifest().orElseThrow());
        assertEquals(java.util.Set.of("s3"), manifest.unlisted(), "the prefix is still to be listed");
        assertTrue(cleanup.summary(result.info().runPrefix()).contains("what is left is not known"));

        try (ObjectStore store = directStore()) {
            CleanupResult finished = Cleanup.finish(manifest, Map.of("s3", store), cleanup.manifest().get());
            assertTrue(finished.complete(), finished.toString());
        }
        assertFalse(Files.exists(cleanup.manifest().get()));
    }

    @Test
    void whenListingFailsTheManifestNamesEveryKeyTheRunWrote(@TempDir Path dir) throws Exception {
        Faults faults = new Faults(1, Duration.ZERO,
                Rule.every("GET", "/outside\\?.*list-type=2.*", 1, 1, 0, Fault.FORBIDDEN),
                Rule.every("POST", "/outside\\?delete.*", 1, 1, 0, Fault.FORBIDDEN));
        RunResult result;
        try (HttpFront front = HttpFront.start(s3.endpoint(), faults)) {
            result = new Engine(plan(front, """
                      - {name: put, kind: put, size: 1KiB, objects: 9}
                      - {name: get, kind: get, size: 2KiB, objects: 4, operations: 4}
                    """), List.of(), dir).run();
        }
        CleanupManifest manifest = CleanupManifest.read(result.cleanup().manifest().orElseThrow());
        assertEquals(13, manifest.keyCount(), "9 put keys and 4 seeded by the get stage");
        assertEquals(13, left(result).size());
        assertEquals(0, result.cleanup().removed());
        try (ObjectStore store = directStore()) {
            assertTrue(Cleanup.finish(manifest, Map.of("s3", store), result.cleanup().manifest().get()).complete());
        }
        assertEquals(List.of(), left(result));
    }

    @Test
    void aStopEndsStalledRequestsAtOnceAndTheCleanupFinds(@TempDir Path dir) throws Exception {
        Faults faults = new Faults(1, Duration.ofSeconds(60), Rule.every("PUT", OBJECTS, 1, 21, 0,
                Fault.STALL_HEADERS));
        RunResult result;
        long stoppedAt;
        try (HttpFront front = HttpFront.start(s3.endpoint(), faults)) {
            Engine engine = new Engine(plan(front, "  - {name: put, kind: put, size: 1KiB, objects: 1000,"
                    + " concurrency: 3}"), List.of(), dir);
            AtomicReference<Long> at = new AtomicReference<>();
            Thread stopper = Thread.ofVirtual().start(() -> {
                while (faults.injectedBy(0) < 3) {
                    Thread.onSpinWait();
                }
                at.set(System.nanoTime());
                engine.cancel();
            });
            result = engine.run();
            stopper.join();
            stoppedAt = at.get();
        }
        double seconds = (System.nanoTime() - stoppedAt) / 1e9;
        assertTrue(seconds < 30, "the run ended " + seconds + " s after the stop, not when the 60 s stalls would");
        CellStats put = cell(result, "put");
        assertEquals(Map.of(StoreException.STOPPED, 3L), put.errorsByClass());
        assertEquals(23, put.attempted());
        assertTrue(result.cleanup().complete(), result.cleanup().toString());
        assertEquals(23, result.cleanup().removed(), "the stalled PUTs the server had stored were found too");
        assertEquals(List.of(), left(result));
    }

    @Test
    void whenNothingAnswersTheCleanupEndsAtItsTimeoutWithTheManifest(@TempDir Path dir) throws Exception {
        Faults faults = new Faults(1, Duration.ofSeconds(60),
                Rule.every("PUT", OBJECTS, 1, 11, 0, Fault.STALL_HEADERS),
                Rule.every("GET", ".*", 1, 1, 0, Fault.STALL_HEADERS),
                Rule.every("POST", ".*", 1, 1, 0, Fault.STALL_HEADERS));
        RunResult result;
        long stoppedAt;
        try (HttpFront front = HttpFront.start(s3.endpoint(), faults)) {
            Engine engine = new Engine(plan(front, "  - {name: put, kind: put, size: 1KiB, objects: 1000,"
                    + " concurrency: 2}"), List.of(), RunOptions.DEFAULT.withManifestDirectory(dir)
                    .withStoppedCleanupTimeout(Duration.ofSeconds(1)));
            Thread stopper = Thread.ofVirtual().start(() -> {
                while (faults.injectedBy(0) < 2) {
                    Thread.onSpinWait();
                }
                engine.cancel();
            });
            stoppedAt = System.nanoTime();
            result = engine.run();
            stopper.join();
        }
        double seconds = (System.nanoTime() - stoppedAt) / 1e9;
        assertTrue(seconds < 30, "ran " + seconds + " s: the cleanup's timeout (1 s) and grace (2 s) bound it, not"
                + " the 60 s stalls");
        CleanupResult cleanup = result.cleanup();
        assertFalse(cleanup.exact());
        CleanupManifest manifest = CleanupManifest.read(cleanup.manifest().orElseThrow());
        assertEquals(java.util.Set.of("s3"), manifest.unlisted());
        assertEquals(12, manifest.keyCount(), "every key the run tried: 10 answered, 2 stalled");
        try (ObjectStore store = directStore()) {
            assertTrue(Cleanup.finish(manifest, Map.of("s3", store), cleanup.manifest().get()).complete());
        }
        assertEquals(List.of(), left(result));
    }
}
