package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.plan.Plan;
import io.s3workload.result.CleanupResult;
import io.s3workload.result.RunResult;
import io.s3workload.run.cleanup.Cleanup;
import io.s3workload.run.cleanup.CleanupManifest;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.paths.StoreFactory;
import io.s3workload.testing.Faults;
import io.s3workload.testing.HttpFront;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.endpoints.ClientSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Cleanup deletes only what the run wrote — decoys under neighbouring prefixes and in the bucket root survive —
 * and when the storage refuses the deletes, the keys go to a manifest that finishes the job later.
 */
class CleanupSafetyTest {

    private static final List<String> DECOYS = List.of("decoy-in-the-root.txt", "s3workload/decoy.txt",
            "s3workload/20200101-000000-abcd/put/1KiB/0", "s3workload-neighbour/put/1KiB/0", "s3workloads/x");
    private static final String STAGES = """
            bucket: cleanup
            stages:
              - {name: put, kind: put, sizes: [1KiB, 4KiB], objects: 15, concurrency: 4}
              - {name: get, kind: get, from: put, operations: 10}
            """;
    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("cleanup");
        DECOYS.forEach(k -> s3.put("cleanup", k, "not the run's"));
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    private static List<String> keys() {
        return s3.list("cleanup", "").stream().map(S3Object::key).sorted().toList();
    }

    @Test
    void aRunRemovesItsObjectsAndNothingElse(@TempDir Path dir) throws Exception {
        RunResult result = new Engine(s3.plan(STAGES), List.of(), dir).run();

        assertEquals(30, result.cleanup().removed());
        assertTrue(result.cleanup().complete());
        assertEquals(DECOYS.stream().sorted().toList(), keys(), "only the decoys are left");
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "no manifest when the cleanup finished");
        }
    }

    @Test
    void refusedDeletesLeaveAManifestThatFinishesTheJobLater(@TempDir Path dir) throws Exception {
        Faults refuseDeletes = new Faults(3, Duration.ZERO,
                Faults.Rule.of("POST", "/cleanup/?", 1.0, Faults.Fault.FORBIDDEN),
                Faults.Rule.of("DELETE", "/cleanup/.*", 1.0, Faults.Fault.FORBIDDEN));
        RunResult result;
        try (HttpFront front = HttpFront.start(s3.endpoint(), refuseDeletes)) {
            Plan plan = s3.plan(STAGES, s3.server().accessKey(), s3.server().secretKey(), front.endpoint().toString());
            result = new Engine(plan, List.of(), dir).run();
        }

        assertEquals(0, result.cleanup().removed());
        assertEquals(30, result.cleanup().leftBehind().size());
        Path file = result.cleanup().manifest().orElseThrow();
        assertTrue(Files.exists(file), file.toString());
        assertEquals(1, refuseDeletes.injected(Faults.Fault.FORBIDDEN), "a refusal is not retried");
        assertTrue(result.cleanup().exact(), "the prefix was listed after the refused deletes");
        CleanupManifest manifest = CleanupManifest.read(file);
        assertEquals("cleanup", manifest.bucket());
        assertEquals(result.info().runPrefix(), manifest.prefix());
        assertEquals(30, manifest.keyCount());
        assertEquals(DECOYS.size() + 30, keys().size(), "the run's objects are still there");

        Plan direct = s3.plan(STAGES);
        try (ObjectStore store = StoreFactory.create(direct.endpoints().get("s3"), "cleanup", 4, ClientSettings.DEFAULT)) {
            CleanupResult finished = Cleanup.finish(manifest, Map.of("s3", store), file);
            assertEquals(30, finished.removed());
            assertTrue(finished.complete(), finished.toString());
        }
        assertFalse(Files.exists(file), "a finished manifest is removed");
        assertEquals(DECOYS.stream().sorted().toList(), keys());
    }

    @Test
    void aManifestNamingAKeyOutsideItsPrefixIsRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("m.txt");
        Files.writeString(file, "bucket cleanup\nprefix s3workload/20261121-000000-0000/\nendpoint s3\n"
                + "key decoy-in-the-root.txt\n");
        var e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> CleanupManifest.read(file));
        assertTrue(e.getMessage().contains(":4: key 'decoy-in-the-root.txt' is not under the manifest's prefix"),
                e.getMessage());
    }
}
