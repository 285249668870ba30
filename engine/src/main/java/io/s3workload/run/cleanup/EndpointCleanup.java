package io.s3workload.run.cleanup;

import io.s3workload.ground.Units;
import io.s3workload.run.clients.OwnRequests;
import io.s3workload.run.keys.KeySet;
import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ObjectVersions;
import io.s3workload.s3.StoreException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** The cleanup of one endpoint. */
final class EndpointCleanup {
    private final String name;
    private final String prefix;
    /** When the run's longest compliance retention ends at the latest (EPOCH: it set none). */
    private final Instant complianceEnds;
    private final ObjectStore store;
    private final OwnRequests requests;
    private final CleanupTally tally;
    /** The prefix could not be listed after the deletes: more than {@link #leftKeys} may be left. */
    boolean unverified;
    /** Keys known to be left: listed or named, and not deleted. */
    final List<String> leftKeys = new ArrayList<>();
    /** Ranges of keys not tried (time ran out). */
    final List<KeySet> leftRanges = new ArrayList<>();
    /** A DeleteObjects request failed for good (refused, or failing past its retries). */
    private boolean refused;

    EndpointCleanup(String name, String prefix, ObjectStore store, OwnRequests requests, CleanupTally tally,
             Instant complianceEnds) {
        this.complianceEnds = complianceEnds;
        this.name = name;
        this.prefix = prefix;
        this.store = store;
        this.requests = requests;
        this.tally = tally;
    }

    /**
     * Aborts open uploads, lists the prefix and deletes what is there until a listing finds nothing; when the
     * prefix cannot be listed at first, deletes {@code keys} and {@code ranges} by name.
     */
    void clearPrefix(List<String> keys, List<KeySet> ranges) {
        abortUploads();
        clearCurrent(keys, ranges);
        if (!unverified && leftKeys.isEmpty()) {
            clearVersions();
        }
    }

    private void clearCurrent(List<String> keys, List<KeySet> ranges) {
        for (int round = 0; round <= Cleanup.ROUNDS; round++) {
            Optional<List<String>> listed = list();
            if (listed.isEmpty()) {
                unverified = true;
                if (round == 0) {
                    deleteByName(keys, ranges);
                }
                return; // after a later round, leftKeys holds what its deletes could not remove
            }
            leftKeys.clear();
            if (listed.get().isEmpty()) {
                return;
            }
            if (round == Cleanup.ROUNDS) {
                leftKeys.addAll(listed.get()); // still there after every round of deletes
                return;
            }
            leftKeys.addAll(delete(listed.get()));
            if (refused) {
                round = Cleanup.ROUNDS - 1; // deleting again would fail the same way: list once more, for the count
            }
        }
    }

    /**
     * In a bucket that keeps versions (or kept them once: versioning suspended), every object deleted above
     * left its versions and a delete marker, which take space and show in ListObjectVersions: they are listed
     * under the prefix and deleted by id. A server that cannot say (no GetBucketVersioning) keeps none; one
     * that refuses to say is reported, since versions may then be left.
     */
    private void clearVersions() {
        ObjectVersions.Versioning versioning;
        try {
            versioning = requests.call("GetBucketVersioning", store.versions()::versioning);
        } catch (StoreException e) {
            if (e.kind() == StoreException.Kind.AUTH) {
                tally.error("could not tell whether the bucket keeps versions (GetBucketVersioning on " + name
                        + ": " + e.errorClass() + "); if it does, the deleted objects left versions and delete"
                        + " markers under " + prefix);
            }
            return;
        }
        if (versioning == ObjectVersions.Versioning.NEVER) {
            return;
        }
        while (!requests.expired()) {
            List<ObjectStore.KeyVersion> ours;
            try {
                ours = requests.call("ListObjectVersions", () -> store.versions().listVersions(prefix, null, null, Cleanup.BATCH)).versions().stream()
                        .filter(v -> ours(v.key())).toList();
            } catch (StoreException e) {
                failed("listing the versions under " + prefix + " on " + name, e);
                return;
            }
            if (ours.isEmpty()) {
                return;
            }
            try {
                DeleteOutcome outcome = requests.call("DeleteObjects", () -> store.versions().deleteVersions(ours));
                tally.versions += outcome.deleted();
                if (!outcome.failedKeys().isEmpty()) {
                    outcome = unlock(refused(ours, outcome), outcome);
                    tally.versions += outcome.deleted();
                }
                if (!outcome.failedKeys().isEmpty()) {
                    tally.error(Units.count(outcome.failedKeys().size(), "version") + " could not be deleted on " + name
                            + " (first: " + outcome.failedKeys().get(0) + ")");
                    outcome.errors().stream().limit(3).forEach(tally::error);
                    return;
                }
            } catch (StoreException e) {
                failed("deleting versions on " + name, e);
                return;
            }
        }
    }

    /**
     * Versions a delete refused, deleted again as object lock allows, once the run's own lock is off: each
     * one's legal hold lifted (a run that set none is answered so, harmlessly), governance retention bypassed,
     * and compliance retention, which nobody can lift, waited out when it ends before the cleanup's deadline
     * (a workload keeps it short). Returns the versions these attempts deleted, and those still refused.
     */
    private DeleteOutcome unlock(List<ObjectStore.KeyVersion> locked, DeleteOutcome refused) {
        if (locked.isEmpty() || requests.expired()) {
            return new DeleteOutcome(0, refused.failedKeys(), refused.errors());
        }
        for (ObjectStore.KeyVersion v : locked) {
            if (!v.deleteMarker() && ours(v.key()) && !requests.expired()) {
                try {
                    requests.run("PutObjectLegalHold", () -> store.versions().liftLegalHold(v));
                } catch (StoreException noHold) {
                    // none set, or no object lock here: the delete below says what stands
                }
            }
        }
        DeleteOutcome outcome = requests.call("DeleteObjects", () -> store.versions().deleteLockedVersions(locked));
        if (outcome.failedKeys().isEmpty()) {
            return outcome;
        }
        List<ObjectStore.KeyVersion> still = refused(locked, outcome);
        Instant until = Instant.EPOCH;
        for (ObjectStore.KeyVersion v : still) {
            try {
                Instant latest = until;
                until = store.versions().retainedUntil(v).filter(latest::isBefore).orElse(latest);
            } catch (StoreException e) {
                until = complianceEnds; // the store cannot say (moto answers 500): the run's own longest
                break;
            }
        }
        long wait = Duration.between(Instant.now(), until).toNanos()
                + TimeUnit.SECONDS.toNanos(1); // the store's clock may run a little late
        if (until.equals(Instant.EPOCH) || !requests.outlasts(wait)) {
            return outcome;
        }
        LockSupport.parkNanos(wait);
        DeleteOutcome last = requests.call("DeleteObjects", () -> store.versions().deleteLockedVersions(still));
        return new DeleteOutcome(outcome.deleted() + last.deleted(), last.failedKeys(), last.errors());
    }

    /**
     * Those of {@code asked} that {@code outcome} says were not deleted: by key and version id, or by key where
     * the server named no version (moto leaves it out of its errors) — then not the key's delete markers, which
     * no lock holds (and which went).
     */
    private static List<ObjectStore.KeyVersion> refused(List<ObjectStore.KeyVersion> asked, DeleteOutcome outcome) {
        Set<String> named = Set.copyOf(outcome.failedKeys());
        return asked.stream().filter(v -> named.contains(v.named()) || !v.deleteMarker()
                && named.contains(ObjectStore.KeyVersion.named(v.key(), null))).toList();
    }

    /** Deletes the keys named, one by one and in ranges; what it could not stays in {@link #leftKeys}. */
    void deleteByName(List<String> keys, List<KeySet> ranges) {
        leftKeys.addAll(delete(keys.stream().distinct().toList()));
        for (KeySet range : ranges) {
            for (long from = 0; from < range.span(); from += Cleanup.BATCH) {
                if (requests.expired()) {
                    leftRanges.add(range);
                    break;
                }
                List<String> batch = new ArrayList<>();
                for (long i = from; i < Math.min(range.span(), from + Cleanup.BATCH); i++) {
                    batch.add(range.attempted(i));
                }
                leftKeys.addAll(delete(batch));
            }
        }
    }

    private Optional<List<String>> list() {
        if (requests.expired()) {
            return Optional.empty();
        }
        try {
            return Optional.of(requests.call("ListObjectsV2", () -> {
                List<String> keys = new ArrayList<>();
                store.bucketWide().listKeys(prefix, page -> page.stream().filter(this::ours).forEach(keys::add));
                return keys;
            }));
        } catch (StoreException e) {
            failed("listing " + prefix + " on " + name, e);
            return Optional.empty();
        }
    }

    private void failed(String what, StoreException e) {
        tally.error(requests.expired() ? what + ": stopped, out of time (or skipped)" : what + ": "
                + e.getMessage());
    }

    /** Multipart uploads a run left open (interrupted mid-upload) hold storage and block bucket deletion. */
    private void abortUploads() {
        try {
            for (ObjectStore.Upload upload : requests.call("ListMultipartUploads", () -> store.multipart().multipartUploads(prefix))) {
                if (ours(upload.key()) && !requests.expired()) {
                    requests.run("AbortMultipartUpload", () -> store.multipart().abortMultipart(upload.key(), upload.uploadId()));
                }
            }
        } catch (StoreException e) {
            if (!listingUnsupported(e)) {
                failed("aborting open multipart uploads on " + name, e);
            }
        }
    }

    /**
     * A server without ListMultipartUploads (501 NotImplemented, 405, or a 404 that is not NoSuchBucket, as
     * some answer it): there is nothing it can list, so nothing to abort, and no error to print every run.
     */
    private static boolean listingUnsupported(StoreException e) {
        return e.kind() == StoreException.Kind.NOT_SUPPORTED || e.kind() == StoreException.Kind.NOT_FOUND;
    }

    /**
     * Whether {@code key} is the run's to delete: under its prefix. Every delete, abort and version delete goes
     * through it (a listing a server answers loosely, a manifest, a range of keys never reach the storage
     * otherwise), so nothing outside the prefix is ever touched.
     */
    private boolean ours(String key) {
        return key.startsWith(prefix);
    }

    /** Deletes those of {@code keys} that are ours in batches, each retried; returns the keys not deleted. */
    private List<String> delete(List<String> candidates) {
        List<String> keys = candidates.stream().filter(this::ours).toList();
        List<String> left = new ArrayList<>();
        for (int from = 0; from < keys.size(); from += Cleanup.BATCH) {
            List<String> pending = keys.subList(from, Math.min(keys.size(), from + Cleanup.BATCH));
            if (requests.expired() || refused) {
                left.addAll(pending);
                continue;
            }
            left.addAll(deleteBatch(pending));
        }
        return left;
    }

    /**
     * One batch: DeleteObjects, and again for the keys it reports failed, while they may pass; a failure of the
     * request itself is retried by {@link OwnRequests}.
     */
    private List<String> deleteBatch(List<String> batch) {
        List<String> pending = batch;
        for (int attempt = 0; attempt < Cleanup.ROUNDS && !pending.isEmpty() && !requests.expired(); attempt++) {
            List<String> now = pending;
            try {
                DeleteOutcome outcome = requests.call("DeleteObjects", () -> store.bucketWide().deleteKeys(now));
                tally.removed += outcome.deleted();
                if (attempt == 0 && !outcome.failedKeys().isEmpty()) {
                    // refused outright where the bucket keeps no versions (versitygw): its current objects locked
                    List<ObjectStore.KeyVersion> current = now.stream().filter(outcome.failedKeys()::contains)
                            .map(k -> new ObjectStore.KeyVersion(k, null, false)).toList();
                    outcome = unlock(current, outcome);
                    tally.removed += outcome.deleted();
                }
                if (attempt == Cleanup.ROUNDS - 1) {
                    outcome.errors().stream().limit(5).forEach(tally::error);
                }
                pending = outcome.failedKeys();
            } catch (StoreException e) {
                failed("deleting on " + name, e);
                refused = true;
                return pending;
            }
        }
        return pending;
    }
}
