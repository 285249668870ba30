package io.s3workload.run;

import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Deletes everything under a run's prefix, and nothing else: keys are listed under the prefix (which holds the run
 * id, so only that run wrote there), every key is checked to start with it, and they are removed with batched
 * DeleteObjects, failed keys tried again with back-off. Multipart uploads left open under the prefix are aborted
 * first. What cannot be removed is written to a {@link CleanupManifest} that {@code s3workload cleanup} finishes.
 */
public final class Cleanup {

    private static final int BATCH = 1000;
    private static final int ATTEMPTS = 5;
    private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private Cleanup() {
    }

    /** The manifest file a run writes when it cannot finish its cleanup. */
    public static Path manifestFile(String runId) {
        return Path.of("s3workload-cleanup-" + runId + ".txt");
    }

    /** A run's cleanup; on anything left, writes {@code manifest} and names it in the result. */
    static CleanupResult run(String bucket, String runPrefix, List<ObjectStore> stores, Path manifest) {
        Map<String, ObjectStore> byEndpoint = new LinkedHashMap<>();
        stores.forEach(s -> byEndpoint.putIfAbsent(s.endpointName(), s));
        Set<String> unlisted = new LinkedHashSet<>(byEndpoint.keySet());
        CleanupManifest all = new CleanupManifest(bucket, runPrefix, Map.of(), unlisted);
        return finish(all, byEndpoint, manifest);
    }

    /**
     * Deletes what {@code manifest} names (listing the prefix again where it says {@code unlisted}), through the
     * store of each endpoint; rewrites {@code file} with what is still left, or says nothing is.
     */
    public static CleanupResult finish(CleanupManifest manifest, Map<String, ObjectStore> stores, Path file) {
        long removed = 0;
        List<String> errors = new ArrayList<>();
        Map<String, List<String>> left = new LinkedHashMap<>();
        Set<String> stillUnlisted = new LinkedHashSet<>();
        String prefix = manifest.prefix();
        for (String endpoint : manifest.endpoints()) {
            ObjectStore store = stores.get(endpoint);
            if (store == null) {
                errors.add("no endpoint '" + endpoint + "' to delete through");
                left.put(endpoint, manifest.keys().getOrDefault(endpoint, List.of()));
                continue;
            }
            List<String> keys = new ArrayList<>(manifest.keys().getOrDefault(endpoint, List.of()));
            if (manifest.unlisted().contains(endpoint)) {
                abortUploads(prefix, store, errors);
                try {
                    store.listKeys(prefix, page -> page.stream().filter(k -> k.startsWith(prefix)).forEach(keys::add));
                } catch (StoreException e) {
                    errors.add("listing " + prefix + " on " + endpoint + ": " + e.getMessage());
                    stillUnlisted.add(endpoint);
                }
            }
            List<String> ours = keys.stream().filter(k -> k.startsWith(prefix)).distinct().toList();
            List<String> failed = new ArrayList<>();
            for (int from = 0; from < ours.size(); from += BATCH) {
                removed += deleteWithRetry(store, ours.subList(from, Math.min(ours.size(), from + BATCH)), failed,
                        errors);
            }
            if (!failed.isEmpty()) {
                left.put(endpoint, failed);
            }
        }
        CleanupManifest rest = new CleanupManifest(manifest.bucket(), prefix, left, stillUnlisted);
        List<String> leftKeys = left.values().stream().flatMap(List::stream).toList();
        if (rest.isEmpty()) {
            try {
                java.nio.file.Files.deleteIfExists(file);
            } catch (IOException e) {
                errors.add("cannot remove " + file + ": " + e.getMessage());
            }
            return new CleanupResult(false, removed, leftKeys, errors);
        }
        try {
            rest.write(file);
            return new CleanupResult(false, removed, leftKeys, errors, Optional.of(file.toAbsolutePath()));
        } catch (IOException e) {
            errors.add("cannot write the cleanup manifest " + file + ": " + e.getMessage());
            return new CleanupResult(false, removed, leftKeys, errors);
        }
    }

    /** How many objects are under {@code prefix}: what {@code cleanup --prefix} asks to confirm. */
    public static long count(String prefix, ObjectStore store) {
        long[] n = {0};
        store.listKeys(prefix, page -> n[0] += page.stream().filter(k -> k.startsWith(prefix)).count());
        return n[0];
    }

    /** Multipart uploads a run left open (interrupted mid-upload) hold storage and block bucket deletion. */
    private static void abortUploads(String prefix, ObjectStore store, List<String> errors) {
        try {
            for (ObjectStore.Upload upload : store.multipartUploads(prefix)) {
                if (upload.key().startsWith(prefix)) {
                    store.abortMultipart(upload.key(), upload.uploadId());
                }
            }
        } catch (StoreException e) {
            errors.add("aborting open multipart uploads: " + e.getMessage());
        }
    }

    private static long deleteWithRetry(ObjectStore store, List<String> batch, List<String> left,
                                        List<String> errors) {
        List<String> pending = batch;
        long removed = 0;
        long backoff = FIRST_BACKOFF_NANOS;
        for (int attempt = 1; attempt <= ATTEMPTS && !pending.isEmpty(); attempt++) {
            if (attempt > 1) {
                LockSupport.parkNanos(backoff);
                backoff *= 2;
            }
            try {
                DeleteOutcome outcome = store.deleteKeys(pending);
                removed += outcome.deleted();
                if (attempt == ATTEMPTS) {
                    outcome.errors().stream().limit(5).forEach(errors::add);
                }
                pending = outcome.failedKeys();
            } catch (StoreException e) {
                if (attempt == ATTEMPTS) {
                    errors.add(e.getMessage());
                }
            }
        }
        left.addAll(pending);
        return removed;
    }
}
