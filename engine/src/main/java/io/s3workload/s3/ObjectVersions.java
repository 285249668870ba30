package io.s3workload.s3;

import io.s3workload.s3.ObjectStore.KeyVersion;
import io.s3workload.s3.ObjectStore.VersionPage;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A store's object versions: the bucket's versioning, a version written, read and deleted, versions listed, and
 * the deletes of versions under object lock that cleanup needs. Thread-safe; every failure is a
 * {@link StoreException}.
 */
public interface ObjectVersions {

    /** Whether the bucket keeps versions: GetBucketVersioning's status. */
    Versioning versioning();

    /** Whether the bucket keeps versions of every write (GetBucketVersioning says Enabled). */
    default boolean versioningEnabled() {
        return versioning() == Versioning.ENABLED;
    }

    /**
     * A bucket's versioning. Both {@code ENABLED} and {@code SUSPENDED} buckets may hold versions and delete
     * markers besides their current objects; only a bucket that was never versioned holds none.
     */
    enum Versioning { NEVER, ENABLED, SUSPENDED }

    /** PUTs a new version of {@code key}; returns its version id. */
    String putVersion(String key, Payload.Body body);

    /** Reads version {@code versionId} of {@code key}, as {@link ObjectStore#get} does. */
    void getVersion(String key, String versionId, byte[] buffer, ReadTiming timing);

    /** Deletes version {@code versionId} of {@code key} for good (or a delete marker, by its id). */
    void deleteVersion(String key, String versionId);

    /** One ListObjectVersions page under {@code prefix}: versions and delete markers, from the markers given. */
    VersionPage listVersions(String prefix, String keyMarker, String versionIdMarker, int pageSize);

    /**
     * Deletes up to 1000 versions (or delete markers) for good, each by its id: one DeleteObjects request, or one
     * DeleteObject a version where the server has no batch delete. Failures name the key and the version id.
     */
    DeleteOutcome deleteVersions(List<KeyVersion> versions);

    /**
     * Deletes up to 1000 versions under object lock: one DeleteObjects request bypassing governance retention
     * ({@code x-amz-bypass-governance-retention}); compliance retention and legal holds still refuse.
     */
    DeleteOutcome deleteLockedVersions(List<KeyVersion> versions);

    /** Lifts the legal hold of one version (PutObjectLegalHold OFF). */
    void liftLegalHold(KeyVersion version);

    /** Until when a version is retained (GetObjectRetention); empty when it is not. */
    Optional<Instant> retainedUntil(KeyVersion version);
}
