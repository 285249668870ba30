package io.s3workload.run.cleanup;

import io.s3workload.result.CleanupResult;
import io.s3workload.run.clients.OwnRequests;
import io.s3workload.run.keys.KeySet;
import io.s3workload.s3.ObjectStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Deletes everything under a run's prefix, and nothing else: keys are listed under the prefix (which holds the run
 * id, so only that run wrote there), every key is checked to start with it, and they are removed with batched
 * DeleteObjects, failed keys tried again. Multipart uploads left open under the prefix are aborted first. The
 * prefix is listed again afterwards, so that what the result says is left is what the bucket holds (a PUT the
 * server finished after the run stopped waiting for it is found and deleted then). Every request rides out
 * transient failures ({@link OwnRequests}). When the prefix cannot be listed, the keys the run knows it wrote are
 * deleted by name, and the result says the count left is a lower bound. What is or may be left is written to a
 * {@link CleanupManifest} that {@code s3workload cleanup} finishes.
 */
public final class Cleanup {

    static final int BATCH = 1000;
    /** Delete-then-list rounds for keys that appear (late writes) or resist deletion. */
    static final int ROUNDS = 3;

    private Cleanup() {
    }

    /** The manifest file a run writes when it cannot finish its cleanup. */
    public static Path manifestFile(String runId) {
        return Path.of("s3workload-cleanup-" + runId + ".txt");
    }

    /**
     * All a run may have left: the prefix on every endpoint, to be listed, and the keys the run knows it wrote, to
     * be deleted by name if the listing fails. Written as it is when the cleanup is skipped or cannot start.
     */
    public static CleanupManifest everything(String bucket, String runPrefix, List<String> endpoints, List<KeySet> known) {
        List<KeySet> ours = known.stream().filter(k -> k.prefix().startsWith(runPrefix) && k.span() > 0).toList();
        Map<String, List<KeySet>> ranges = new LinkedHashMap<>();
        endpoints.forEach(e -> ranges.put(e, ours));
        return new CleanupManifest(bucket, runPrefix, Map.of(), ranges, new LinkedHashSet<>(endpoints));
    }

    /** Finishes {@code manifest} with no deadline but each request's own retry budget ({@code s3workload cleanup}). */
    public static CleanupResult finish(CleanupManifest manifest, Map<String, ObjectStore> stores, Path file) {
        return finish(manifest, stores, file, OwnRequests.until(System.nanoTime() + Long.MAX_VALUE / 2));
    }

    /**
     * Deletes what {@code manifest} names (listing the prefix where it says {@code unlisted}), through the store of
     * each endpoint, giving up when {@code requests} expire; rewrites {@code file} with what is or may still be
     * left, or removes it when nothing is.
     */
    public static CleanupResult finish(CleanupManifest manifest, Map<String, ObjectStore> stores, Path file,
                                OwnRequests requests) {
        return finish(manifest, stores, file, requests, Instant.EPOCH);
    }

    /**
     * As {@link #finish(CleanupManifest, Map, Path, OwnRequests)}, knowing that no compliance retention the run set
     * lasts past {@code complianceEnds}: what a store that cannot say a version's retention (moto) is waited for.
     */
    public static CleanupResult finish(CleanupManifest manifest, Map<String, ObjectStore> stores, Path file,
                                OwnRequests requests, Instant complianceEnds) {
        CleanupTally tally = new CleanupTally();
        Map<String, List<String>> left = new LinkedHashMap<>();
        Map<String, List<KeySet>> leftRanges = new LinkedHashMap<>();
        Set<String> stillUnlisted = new LinkedHashSet<>();
        for (String endpoint : manifest.endpoints()) {
            ObjectStore store = stores.get(endpoint);
            List<String> keys = manifest.keys().getOrDefault(endpoint, List.of());
            List<KeySet> ranges = manifest.ranges().getOrDefault(endpoint, List.of());
            boolean unlisted = manifest.unlisted().contains(endpoint);
            if (store == null) {
                tally.errors.add("no endpoint '" + endpoint + "' to delete through");
            }
            if (store == null || requests.expired()) {
                keep(endpoint, keys, ranges, unlisted, left, leftRanges, stillUnlisted);
                continue;
            }
            EndpointCleanup e = new EndpointCleanup(endpoint, manifest.prefix(), store, requests, tally, complianceEnds);
            if (unlisted) {
                e.clearPrefix(keys, ranges);
            } else {
                e.deleteByName(keys, ranges);
            }
            keep(endpoint, e.leftKeys, e.leftRanges, e.unverified, left, leftRanges, stillUnlisted);
        }
        CleanupManifest rest = new CleanupManifest(manifest.bucket(), manifest.prefix(), left, leftRanges,
                stillUnlisted);
        List<String> leftKeys = left.values().stream().flatMap(List::stream).toList();
        boolean exact = stillUnlisted.isEmpty();
        boolean interrupted = Thread.interrupted(); // a skipped cleanup still writes its manifest
        try {
            if (rest.isEmpty()) {
                Files.deleteIfExists(file);
                return new CleanupResult(false, tally.removed, leftKeys, exact, tally.errors, Optional.empty())
                        .withVersionsRemoved(tally.versions);
            }
            rest.write(file);
            return new CleanupResult(false, tally.removed, leftKeys, exact, tally.errors,
                    Optional.of(file.toAbsolutePath())).withVersionsRemoved(tally.versions);
        } catch (IOException e) {
            tally.errors.add("cannot write the cleanup manifest " + file + ": " + e.getMessage());
            return new CleanupResult(false, tally.removed, leftKeys, exact, tally.errors, Optional.empty())
                    .withVersionsRemoved(tally.versions);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Writes {@code manifest} as it is: a cleanup that was skipped or did not finish in time. */
    public static CleanupResult abandoned(CleanupManifest manifest, Path file, String why) {
        List<String> errors = new ArrayList<>(List.of(why));
        try {
            manifest.write(file);
            return new CleanupResult(false, 0, List.of(), false, errors, Optional.of(file.toAbsolutePath()));
        } catch (IOException e) {
            errors.add("cannot write the cleanup manifest " + file + ": " + e.getMessage());
            return new CleanupResult(false, 0, List.of(), false, errors, Optional.empty());
        }
    }

    private static void keep(String endpoint, List<String> keys, List<KeySet> ranges, boolean unlisted,
                             Map<String, List<String>> left, Map<String, List<KeySet>> leftRanges,
                             Set<String> stillUnlisted) {
        if (!keys.isEmpty()) {
            left.put(endpoint, keys);
        }
        if (!ranges.isEmpty()) {
            leftRanges.put(endpoint, ranges);
        }
        if (unlisted) {
            stillUnlisted.add(endpoint);
        }
    }

    /** How many objects are under {@code prefix}: what {@code cleanup --prefix} asks to confirm. */
    public static long count(String prefix, ObjectStore store) {
        return OwnRequests.until(System.nanoTime() + OwnRequests.BUDGET.toNanos()).call("ListObjectsV2", () -> {
            long[] n = {0};
            store.bucketWide().listKeys(prefix, page -> n[0] += page.stream().filter(k -> k.startsWith(prefix)).count());
            return n[0];
        });
    }
}
