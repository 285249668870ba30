package io.s3workload.s3;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The storage operations the engine needs, on the run's bucket of one endpoint ({@link BucketStore}) or on the
 * buckets its keys are spread over ({@link SpreadStore}, the workload's {@code buckets:}); callers do not know the
 * difference. Thread-safe; every failure is a {@link StoreException}.
 */
public interface ObjectStore extends AutoCloseable {

    /** One store over the buckets of {@code perBucket}, each key in the one {@link #bucketOf} picks; owns them. */
    static ObjectStore spread(List<ObjectStore> perBucket) {
        return perBucket.size() == 1 ? perBucket.get(0) : new SpreadStore(perBucket);
    }

    /** Which of {@code count} buckets {@code key} lives in: a mixed hash of it, the same in every run. */
    static int bucketOf(String key, int count) {
        if (count == 1) {
            return 0;
        }
        long h = key.hashCode() * 0x9E3779B97F4A7C15L;
        return (int) Math.floorMod(h ^ (h >>> 29), (long) count);
    }

    /** The stores of the buckets this one spreads keys over, in order; this one alone when it has one bucket. */
    List<ObjectStore> buckets();

    /** The bucket this store's requests go to (the first, when it spreads keys over several). */
    String bucket();

    /** The endpoint's name in the workload. */
    String endpointName();

    /** This store with its hot operations going through {@code wrap} of its data path (fault fixtures). */
    ObjectStore withDataPath(java.util.function.UnaryOperator<DataPath> wrap);

    /**
     * This store, sending the SSE-C headers of {@code key} with every object request (and the copy-source ones with
     * copies), on this store's connections. Closing it closes this store when {@code owning}, else nothing.
     */
    ObjectStore withCustomerKey(CustomerKey key, boolean owning);

    // ---- the hot operations: the client's own ----

    /** Uploads {@code body} in one request with what {@code write} adds; returns the ETag. */
    String put(String key, Payload.Body body, ObjectWrite write);

    default String put(String key, Payload.Body body) {
        return put(key, body, ObjectWrite.NONE);
    }

    /** Uploads part {@code partNumber} (from 1) with its {@code checksum} header (empty: none); returns its ETag. */
    String uploadPart(String key, String uploadId, int partNumber, Payload.Body body, Map<String, String> checksum);

    default String uploadPart(String key, String uploadId, int partNumber, Payload.Body body) {
        return uploadPart(key, uploadId, partNumber, body, Map.of());
    }

    /** Reads the whole object into {@code buffer} (overwritten, never grown), filling {@code timing}. */
    void get(String key, byte[] buffer, ReadTiming timing);

    /** Reads bytes {@code [start, start + length)} of the object, as {@link #get} does. */
    void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing);

    /** HeadObject; empty when there is no such object. */
    Optional<ObjectInfo> head(String key);

    void delete(String key);

    // ---- the rest: the SDK's ----

    void headBucket();

    /**
     * One unmeasured request through each client of this store, so that none starts in a measured operation: the
     * SDK's HeadBucket, and the data path's own where it has a client of its own (the CRT).
     */
    void prime();

    /**
     * The check of the bucket before a run: HeadBucket, and when its bodiless answer is a refusal (HTTP 400, 403,
     * 404, 405 or 501), a listing of one key, whose answer carries the server's error code and message. So a bucket
     * "does not exist" only when the server says NoSuchBucket (versitygw answers an unknown access key with a HEAD
     * 404), a wrong region or key is named as such, and a server without HeadBucket that lists the bucket passes.
     * A data path with a client of its own is primed after it.
     */
    void checkBucket();

    void createBucket();

    /** DeleteBucket (of an empty bucket); for each bucket of a store that spreads keys. */
    void deleteBucket();

    /** Starts a multipart upload with what {@code write} adds (its checksum algorithm included); returns its id. */
    String createMultipart(String key, ObjectWrite write);

    /** Completes an upload from its parts, in part order; returns the object's ETag. */
    default String completeMultipart(String key, String uploadId, List<Part> parts) {
        return completeMultipart(key, uploadId, parts, Map.of());
    }

    /**
     * Completes an upload where {@code condition} holds ({@link ObjectWrite#condition}: the store answers 412 and
     * keeps what it had where it does not); returns the object's ETag.
     */
    String completeMultipart(String key, String uploadId, List<Part> parts, Map<String, String> condition);

    void abortMultipart(String key, String uploadId);

    /** CopyObject, from {@code sourceKey} to {@code key} (S3 allows up to 5 GiB); returns the ETag. */
    String copy(String sourceKey, String key);

    /**
     * UploadPartCopy: part {@code partNumber} (from 1) of upload {@code uploadId} is bytes
     * {@code [start, start + length)} of {@code sourceKey}; returns the part's ETag.
     */
    String uploadPartCopy(String key, String uploadId, int partNumber, String sourceKey, long start, long length);

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

    /** Reads version {@code versionId} of {@code key}, as {@link #get} does. */
    void getVersion(String key, String versionId, byte[] buffer, ReadTiming timing);

    /** Deletes version {@code versionId} of {@code key} for good (or a delete marker, by its id). */
    void deleteVersion(String key, String versionId);

    /** One ListObjectVersions page under {@code prefix}: versions and delete markers, from the markers given. */
    VersionPage listVersions(String prefix, String keyMarker, String versionIdMarker, int pageSize);

    /** Multipart uploads in progress under {@code prefix}. */
    List<Upload> multipartUploads(String prefix);

    /** One ListObjectsV2 request under {@code prefix}. */
    ListPage listPage(String prefix, String continuationToken, int pageSize);

    /** Lists every key under {@code prefix}, a page at a time. */
    default void listKeys(String prefix, Consumer<List<String>> page) {
        String token = null;
        do {
            ListPage p = listPage(prefix, token, 1000);
            page.accept(p.keys());
            token = p.nextToken();
        } while (token != null);
    }

    /** Whether the server has DeleteObjects (Google Cloud Storage does not). */
    boolean batchDelete();

    /**
     * Deletes up to 1000 keys: one DeleteObjects request, or one DeleteObject a key where the server has no
     * batch delete ({@link #batchDelete()}).
     */
    DeleteOutcome deleteKeys(List<String> keys);

    /**
     * Deletes up to 1000 keys in one DeleteObjects request, whether or not the server has it (a refusal is a
     * {@link StoreException}); keys the server could not delete are in the outcome.
     */
    DeleteOutcome deleteBatch(List<String> keys);

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
    Optional<java.time.Instant> retainedUntil(KeyVersion version);

    @Override
    void close();

    /** An uploaded part: its ETag and the checksum header it was sent with (empty: none). */
    record Part(String etag, Map<String, String> checksum) {
        public Part {
            checksum = Map.copyOf(checksum);
        }
    }

    /** A multipart upload in progress. */
    record Upload(String key, String uploadId) {
    }

    /** What HeadObject tells: the size, the ETag, user metadata. */
    record ObjectInfo(long size, String etag, Map<String, String> metadata) {

        /** Metadata names are looked up ignoring case: servers spell them as they like (rclone: S3workload-Seed). */
        public ObjectInfo {
            java.util.TreeMap<String, String> names = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            names.putAll(metadata == null ? Map.of() : metadata);
            metadata = java.util.Collections.unmodifiableMap(names);
        }
    }

    /** A version of a key (or a delete marker). */
    record KeyVersion(String key, String versionId, boolean deleteMarker) {

        /** As a failed delete names it: {@code KEY (version ID)}. */
        public String named() {
            return named(key, versionId);
        }

        public static String named(String key, String versionId) {
            return key + " (version " + versionId + ")";
        }
    }

    /** One page of a version listing; the next markers are null on the last page. */
    record VersionPage(List<KeyVersion> versions, String nextKeyMarker, String nextVersionIdMarker) {
        public boolean last() {
            return nextKeyMarker == null && nextVersionIdMarker == null;
        }
    }

    /**
     * One page of a listing: its keys, with each one's ETag and size (-1 where the server gave none);
     * {@code nextToken} is null on the last page.
     */
    record ListPage(List<String> keys, List<String> etags, List<Long> sizes, String nextToken) {
    }
}
