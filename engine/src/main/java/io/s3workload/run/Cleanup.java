package io.s3workload.run;

import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import java.util.ArrayList;
import java.util.List;

/**
 * Deletes everything under the run's prefix, and nothing else: keys are listed under the prefix (which holds the
 * run id, so only this run wrote there) and removed with batched DeleteObjects; failed keys are retried once.
 * Multipart uploads left open under the prefix are aborted first.
 */
final class Cleanup {

    private static final int BATCH = 1000;

    private Cleanup() {
    }

    static CleanupResult run(String runPrefix, List<ObjectStore> stores) {
        long removed = 0;
        List<String> left = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (ObjectStore store : stores) {
            abortUploads(runPrefix, store, errors);
            List<String> listed = new ArrayList<>();
            try {
                store.listKeys(runPrefix, page -> page.stream().filter(k -> k.startsWith(runPrefix))
                        .forEach(listed::add));
            } catch (StoreException e) {
                errors.add(e.getMessage());
                continue;
            }
            for (int from = 0; from < listed.size(); from += BATCH) {
                List<String> batch = listed.subList(from, Math.min(listed.size(), from + BATCH));
                removed += deleteWithRetry(store, batch, left, errors);
            }
        }
        return new CleanupResult(false, removed, left, errors);
    }

    /** Multipart uploads the run left open (interrupted mid-upload) hold storage and block bucket deletion. */
    private static void abortUploads(String runPrefix, ObjectStore store, List<String> errors) {
        try {
            for (ObjectStore.Upload upload : store.multipartUploads(runPrefix)) {
                if (upload.key().startsWith(runPrefix)) {
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
        for (int attempt = 0; attempt < 2 && !pending.isEmpty(); attempt++) {
            try {
                DeleteOutcome outcome = store.deleteKeys(pending);
                removed += outcome.deleted();
                if (attempt == 1) {
                    errors.addAll(outcome.errors());
                }
                pending = outcome.failedKeys();
            } catch (StoreException e) {
                if (attempt == 1) {
                    errors.add(e.getMessage());
                }
            }
        }
        left.addAll(pending);
        return removed;
    }
}
