package io.s3workload.s3;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The storage operations the engine needs, on one bucket of one endpoint: a client's {@link DataPath} for the hot
 * operations, and the SDK's {@link SdkStore} for everything else, written once for every client. Thread-safe;
 * every failure is a {@link StoreException}.
 *
 * <p>A store may also spread keys over several buckets ({@link #spread}, the workload's {@code buckets:}): each
 * request for a key goes to the bucket {@link #bucketOf} picks for it, a listing goes through them all in turn, a
 * bucket check checks each, a batch delete is split by bucket. Callers do not know the difference.
 */
public final class ObjectStore implements AutoCloseable {

    private final DataPath data;
    private final SdkStore control;
    /** Run before the bucket check: the CRT's prompt look at the server's certificate; none for the others. */
    private final Runnable beforeBucketCheck;
    /** The stores of the buckets keys are spread over; null for a store of one bucket. */
    private final ObjectStore[] buckets;

    ObjectStore(DataPath data, SdkStore control, Runnable beforeBucketCheck) {
        this.data = data;
        this.control = control;
        this.beforeBucketCheck = beforeBucketCheck;
        this.buckets = null;
    }

    private ObjectStore(List<ObjectStore> perBucket) {
        this.buckets = perBucket.toArray(ObjectStore[]::new);
        this.data = buckets[0].data;
        this.control = buckets[0].control;
        this.beforeBucketCheck = () -> { };
    }

    /** One store over the buckets of {@code perBucket}, each key in the one {@link #bucketOf} picks; owns them. */
    public static ObjectStore spread(List<ObjectStore> perBucket) {
        return perBucket.size() == 1 ? perBucket.get(0) : new ObjectStore(perBucket);
    }

    /** Which of {@code count} buckets {@code key} lives in: a mixed hash of it, the same in every run. */
    public static int bucketOf(String key, int count) {
        if (count == 1) {
            return 0;
        }
        long h = key.hashCode() * 0x9E3779B97F4A7C15L;
        return (int) Math.floorMod(h ^ (h >>> 29), (long) count);
    }

    /** The stores of the buckets this one spreads keys over, in order; this one alone when it has one bucket. */
    public List<ObjectStore> buckets() {
        return buckets == null ? List.of(this) : List.of(buckets);
    }

    /** The bucket this store's requests go to (the first, when it spreads keys over several). */
    public String bucket() {
        return control.bucket();
    }

    /** The store of {@code key}'s bucket. */
    private ObjectStore of(String key) {
        return buckets[bucketOf(key, buckets.length)];
    }

    /** Each of {@code keys}, with the store of its bucket, grouped by bucket in order. */
    private <T> Map<ObjectStore, List<T>> byBucket(List<T> items, java.util.function.Function<T, String> key) {
        Map<ObjectStore, List<T>> grouped = new java.util.LinkedHashMap<>();
        for (T item : items) {
            grouped.computeIfAbsent(of(key.apply(item)), b -> new java.util.ArrayList<>()).add(item);
        }
        return grouped;
    }

    /** The SDK's synchronous client for everything (its data path is its own). */
    ObjectStore(SdkStore sdk) {
        this(sdk, sdk, () -> { });
    }

    /** The client's own part, for tests that check which client a setting chose. */
    DataPath dataPath() {
        return data;
    }

    /** This store with its hot operations going through {@code wrap} of its data path (fault fixtures). */
    public ObjectStore withDataPath(java.util.function.UnaryOperator<DataPath> wrap) {
        if (buckets != null) {
            return spread(buckets().stream().map(b -> b.withDataPath(wrap)).toList());
        }
        return new ObjectStore(wrap.apply(data), control, beforeBucketCheck);
    }

    /**
     * This store, sending the SSE-C headers of {@code key} with every object request (and the copy-source ones with
     * copies), on this store's connections. Closing it closes this store when {@code owning}, else nothing.
     */
    public ObjectStore withCustomerKey(CustomerKey key, boolean owning) {
        if (buckets != null) {
            return new ObjectStore(buckets().stream().map(b -> b.withCustomerKey(key, owning)).toList());
        }
        SdkStore sdk = control.withCustomerKey(key, owning);
        return new ObjectStore(data == control ? sdk : data.withCustomerKey(key, owning), sdk, beforeBucketCheck);
    }

    /** The endpoint's name in the workload. */
    public String endpointName() {
        return data.endpointName();
    }

    // ---- the hot operations: the client's own ----

    /** Uploads {@code body} in one request with what {@code write} adds; returns the ETag. */
    public String put(String key, Payload.Body body, ObjectWrite write) {
        return buckets != null ? of(key).put(key, body, write) : data.put(key, body, write);
    }

    public String put(String key, Payload.Body body) {
        return put(key, body, ObjectWrite.NONE);
    }

    /** Uploads part {@code partNumber} (from 1) with its {@code checksum} header (empty: none); returns its ETag. */
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        return buckets != null ? of(key).uploadPart(key, uploadId, partNumber, body, checksum)
                : data.uploadPart(key, uploadId, partNumber, body, checksum);
    }

    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body) {
        return uploadPart(key, uploadId, partNumber, body, Map.of());
    }

    /** Reads the whole object into {@code buffer} (overwritten, never grown), filling {@code timing}. */
    public void get(String key, byte[] buffer, ReadTiming timing) {
        if (buckets != null) {
            of(key).get(key, buffer, timing);
        } else {
            data.get(key, buffer, timing);
        }
    }

    /** Reads bytes {@code [start, start + length)} of the object, as {@link #get} does. */
    public void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing) {
        if (buckets != null) {
            of(key).getRange(key, start, length, buffer, timing);
        } else {
            data.getRange(key, start, length, buffer, timing);
        }
    }

    /** HeadObject; empty when there is no such object. */
    public Optional<ObjectInfo> head(String key) {
        return buckets != null ? of(key).head(key) : data.head(key);
    }

    public void delete(String key) {
        if (buckets != null) {
            of(key).delete(key);
        } else {
            data.delete(key);
        }
    }

    // ---- the rest: the SDK's ----

    public void headBucket() {
        if (buckets != null) {
            buckets().forEach(ObjectStore::headBucket);
        } else {
            control.headBucket();
        }
    }

    /**
     * One unmeasured request through each client of this store, so that none starts in a measured operation: the
     * SDK's HeadBucket, and the data path's own where it has a client of its own (the CRT).
     */
    public void prime() {
        if (buckets != null) {
            buckets().forEach(ObjectStore::prime);
            return;
        }
        control.headBucket();
        if (data != control) {
            data.prime();
        }
    }

    /**
     * The check of the bucket before a run: HeadBucket, and when its bodiless answer is a refusal (HTTP 400, 403,
     * 404, 405 or 501), a listing of one key, whose answer carries the server's error code and message. So a bucket
     * "does not exist" only when the server says NoSuchBucket (versitygw answers an unknown access key with a HEAD
     * 404), a wrong region or key is named as such, and a server without HeadBucket that lists the bucket passes.
     * A data path with a client of its own is primed after it.
     */
    public void checkBucket() {
        if (buckets != null) {
            buckets().forEach(ObjectStore::checkBucket);
            return;
        }
        beforeBucketCheck.run();
        try {
            control.headBucket();
        } catch (StoreException head) {
            if (!head.errorClass().matches("HTTP (400|403|404|405|501)\\b.*")) {
                throw head;
            }
            control.listPage("", null, 1); // throws, classified from the error body, when the bucket cannot be used
        }
        if (data != control) {
            data.prime();
        }
    }

    public void createBucket() {
        if (buckets != null) {
            buckets().forEach(ObjectStore::createBucket);
        } else {
            control.createBucket();
        }
    }

    /** DeleteBucket (of an empty bucket); for each bucket of a store that spreads keys. */
    public void deleteBucket() {
        if (buckets != null) {
            buckets().forEach(ObjectStore::deleteBucket);
        } else {
            control.deleteBucket();
        }
    }

    /** Starts a multipart upload with what {@code write} adds (its checksum algorithm included); returns its id. */
    public String createMultipart(String key, ObjectWrite write) {
        return buckets != null ? of(key).createMultipart(key, write) : control.createMultipart(key, write);
    }

    /** Completes an upload from its parts, in part order; returns the object's ETag. */
    public String completeMultipart(String key, String uploadId, List<Part> parts) {
        return completeMultipart(key, uploadId, parts, Map.of());
    }

    /**
     * Completes an upload where {@code condition} holds ({@link ObjectWrite#condition}: the store answers 412 and
     * keeps what it had where it does not); returns the object's ETag.
     */
    public String completeMultipart(String key, String uploadId, List<Part> parts, Map<String, String> condition) {
        return buckets != null ? of(key).completeMultipart(key, uploadId, parts, condition)
                : control.completeMultipart(key, uploadId, parts, condition);
    }

    public void abortMultipart(String key, String uploadId) {
        if (buckets != null) {
            of(key).abortMultipart(key, uploadId);
        } else {
            control.abortMultipart(key, uploadId);
        }
    }

    /** CopyObject in the bucket, from {@code sourceKey} to {@code key} (S3 allows up to 5 GiB); returns the ETag. */
    public String copy(String sourceKey, String key) {
        return buckets != null ? of(key).control.copy(of(sourceKey).bucket(), sourceKey, key)
                : control.copy(bucket(), sourceKey, key);
    }

    /**
     * UploadPartCopy: part {@code partNumber} (from 1) of upload {@code uploadId} is bytes
     * {@code [start, start + length)} of {@code sourceKey}; returns the part's ETag.
     */
    public String uploadPartCopy(String key, String uploadId, int partNumber, String sourceKey, long start,
                                 long length) {
        return (buckets != null ? of(key).control : control).uploadPartCopy(key, uploadId, partNumber,
                buckets != null ? of(sourceKey).bucket() : bucket(), sourceKey, start, length);
    }

    /** Whether the bucket keeps versions: GetBucketVersioning's status. */
    public Versioning versioning() {
        if (buckets != null) {
            // the buckets' most telling answer: any that keeps (or kept) versions means versions to clean
            return buckets().stream().map(ObjectStore::versioning).max(java.util.Comparator.comparing(
                    v -> v == Versioning.NEVER ? 0 : v == Versioning.SUSPENDED ? 1 : 2)).orElseThrow();
        }
        return control.versioning();
    }

    /** Whether the bucket keeps versions of every write (GetBucketVersioning says Enabled). */
    public boolean versioningEnabled() {
        return versioning() == Versioning.ENABLED;
    }

    /**
     * A bucket's versioning. Both {@code ENABLED} and {@code SUSPENDED} buckets may hold versions and delete
     * markers besides their current objects; only a bucket that was never versioned holds none.
     */
    public enum Versioning { NEVER, ENABLED, SUSPENDED }

    /** PUTs a new version of {@code key}; returns its version id. */
    public String putVersion(String key, Payload.Body body) {
        return buckets != null ? of(key).putVersion(key, body) : control.putVersion(key, body);
    }

    /** Reads version {@code versionId} of {@code key}, as {@link #get} does. */
    public void getVersion(String key, String versionId, byte[] buffer, ReadTiming timing) {
        (buckets != null ? of(key).control : control).getVersion(key, versionId, buffer, timing);
    }

    /** Deletes version {@code versionId} of {@code key} for good (or a delete marker, by its id). */
    public void deleteVersion(String key, String versionId) {
        (buckets != null ? of(key).control : control).deleteVersion(key, versionId);
    }

    /** One ListObjectVersions page under {@code prefix}: versions and delete markers, from the markers given. */
    public VersionPage listVersions(String prefix, String keyMarker, String versionIdMarker, int pageSize) {
        if (buckets == null) {
            return control.listVersions(prefix, keyMarker, versionIdMarker, pageSize);
        }
        // the buckets in turn: a marker names its bucket ("N/marker"), the last page of one leads to the next's first
        int from = keyMarker == null ? 0 : Integer.parseInt(keyMarker.substring(0, keyMarker.indexOf('/')));
        String marker = keyMarker == null ? null : keyMarker.substring(keyMarker.indexOf('/') + 1);
        marker = marker == null || marker.isEmpty() ? null : marker;
        for (int b = from; b < buckets.length; b++, marker = null, versionIdMarker = null) {
            VersionPage page = buckets[b].listVersions(prefix, marker, versionIdMarker, pageSize);
            if (!page.last()) {
                return new VersionPage(page.versions(), b + "/" + page.nextKeyMarker(), page.nextVersionIdMarker());
            }
            if (!page.versions().isEmpty() || b == buckets.length - 1) {
                return b == buckets.length - 1 ? page : new VersionPage(page.versions(), (b + 1) + "/", null);
            }
        }
        return new VersionPage(List.of(), null, null);
    }

    /** Multipart uploads in progress under {@code prefix}. */
    public List<Upload> multipartUploads(String prefix) {
        if (buckets != null) {
            return buckets().stream().flatMap(b -> b.multipartUploads(prefix).stream()).toList();
        }
        return control.multipartUploads(prefix);
    }

    /** One ListObjectsV2 request under {@code prefix}. */
    public ListPage listPage(String prefix, String continuationToken, int pageSize) {
        if (buckets == null) {
            return control.listPage(prefix, continuationToken, pageSize);
        }
        // the buckets in turn: a token names its bucket ("N/token"), the last page of one leads to the next's first
        int from = continuationToken == null ? 0
                : Integer.parseInt(continuationToken.substring(0, continuationToken.indexOf('/')));
        String token = continuationToken == null ? null
                : continuationToken.substring(continuationToken.indexOf('/') + 1);
        token = token == null || token.isEmpty() ? null : token;
        ListPage page = buckets[from].listPage(prefix, token, pageSize);
        String next = page.nextToken() != null ? from + "/" + page.nextToken()
                : from < buckets.length - 1 ? (from + 1) + "/" : null;
        return new ListPage(page.keys(), page.etags(), page.sizes(), next);
    }

    /** Lists every key under {@code prefix}, a page at a time. */
    public void listKeys(String prefix, Consumer<List<String>> page) {
        String token = null;
        do {
            ListPage p = listPage(prefix, token, 1000);
            page.accept(p.keys());
            token = p.nextToken();
        } while (token != null);
    }

    /** Whether the server has DeleteObjects (Google Cloud Storage does not). */
    public boolean batchDelete() {
        return control.batchDelete();
    }

    /** Runs {@code delete} on each bucket's share of {@code items} and adds up what it did. */
    private <T> DeleteOutcome perBucket(List<T> items, java.util.function.Function<T, String> key,
                                        java.util.function.BiFunction<ObjectStore, List<T>, DeleteOutcome> delete) {
        int deleted = 0;
        List<String> failed = new java.util.ArrayList<>();
        List<String> errors = new java.util.ArrayList<>();
        for (Map.Entry<ObjectStore, List<T>> share : byBucket(items, key).entrySet()) {
            DeleteOutcome outcome = delete.apply(share.getKey(), share.getValue());
            deleted += outcome.deleted();
            failed.addAll(outcome.failedKeys());
            errors.addAll(outcome.errors());
        }
        return new DeleteOutcome(deleted, failed, errors);
    }

    /**
     * Deletes up to 1000 keys: one DeleteObjects request, or one DeleteObject a key where the server has no
     * batch delete ({@link #batchDelete()}).
     */
    public DeleteOutcome deleteKeys(List<String> keys) {
        if (keys.isEmpty()) {
            return new DeleteOutcome(0, List.of(), List.of());
        }
        if (buckets != null) {
            return perBucket(keys, k -> k, ObjectStore::deleteKeys);
        }
        return batchDelete() ? control.deleteBatch(keys) : oneByOne(keys, this::delete, key -> key);
    }

    /**
     * Deletes up to 1000 keys in one DeleteObjects request, whether or not the server has it (a refusal is a
     * {@link StoreException}); keys the server could not delete are in the outcome.
     */
    public DeleteOutcome deleteBatch(List<String> keys) {
        return buckets != null ? perBucket(keys, k -> k, ObjectStore::deleteBatch) : control.deleteBatch(keys);
    }

    /**
     * Deletes up to 1000 versions (or delete markers) for good, each by its id: one DeleteObjects request, or one
     * DeleteObject a version where the server has no batch delete. Failures name the key and the version id.
     */
    public DeleteOutcome deleteVersions(List<KeyVersion> versions) {
        if (versions.isEmpty()) {
            return new DeleteOutcome(0, List.of(), List.of());
        }
        if (buckets != null) {
            return perBucket(versions, KeyVersion::key, ObjectStore::deleteVersions);
        }
        return batchDelete() ? control.deleteVersionBatch(versions, false) : oneByOne(versions,
                v -> deleteVersion(v.key(), v.versionId()), KeyVersion::named);
    }

    /**
     * Deletes up to 1000 versions under object lock: one DeleteObjects request bypassing governance retention
     * ({@code x-amz-bypass-governance-retention}); compliance retention and legal holds still refuse.
     */
    public DeleteOutcome deleteLockedVersions(List<KeyVersion> versions) {
        return buckets != null ? perBucket(versions, KeyVersion::key, ObjectStore::deleteLockedVersions)
                : control.deleteVersionBatch(versions, true);
    }

    /** Lifts the legal hold of one version (PutObjectLegalHold OFF). */
    public void liftLegalHold(KeyVersion version) {
        (buckets != null ? of(version.key()).control : control).liftLegalHold(version);
    }

    /** Until when a version is retained (GetObjectRetention); empty when it is not. */
    public Optional<java.time.Instant> retainedUntil(KeyVersion version) {
        return (buckets != null ? of(version.key()).control : control).retainedUntil(version);
    }

    /** Deletes each of {@code items} with {@code delete}; a failure is counted under {@code named} and the rest go on. */
    private static <T> DeleteOutcome oneByOne(List<T> items, Consumer<T> delete,
                                              java.util.function.Function<T, String> named) {
        List<String> failed = new java.util.ArrayList<>();
        List<String> errors = new java.util.ArrayList<>();
        for (T item : items) {
            try {
                delete.accept(item);
            } catch (StoreException e) {
                failed.add(named.apply(item));
                errors.add(e.getMessage());
            }
        }
        return new DeleteOutcome(items.size() - failed.size(), failed, errors);
    }

    @Override
    public void close() {
        if (buckets != null) {
            buckets().forEach(ObjectStore::close);
            return;
        }
        data.close();
        if (data != control) {
            control.close();
        }
    }

    /** An uploaded part: its ETag and the checksum header it was sent with (empty: none). */
    public record Part(String etag, Map<String, String> checksum) {
        public Part {
            checksum = Map.copyOf(checksum);
        }
    }

    /** A multipart upload in progress. */
    public record Upload(String key, String uploadId) {
    }

    /** What HeadObject tells: the size, the ETag, user metadata. */
    public record ObjectInfo(long size, String etag, Map<String, String> metadata) {

        /** Metadata names are looked up ignoring case: servers spell them as they like (rclone: S3workload-Seed). */
        public ObjectInfo {
            java.util.TreeMap<String, String> names = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            names.putAll(metadata == null ? Map.of() : metadata);
            metadata = java.util.Collections.unmodifiableMap(names);
        }
    }

    /** A version of a key (or a delete marker). */
    public record KeyVersion(String key, String versionId, boolean deleteMarker) {

        /** As a failed delete names it: {@code KEY (version ID)}. */
        public String named() {
            return named(key, versionId);
        }

        public static String named(String key, String versionId) {
            return key + " (version " + versionId + ")";
        }
    }

    /** One page of a version listing; the next markers are null on the last page. */
    public record VersionPage(List<KeyVersion> versions, String nextKeyMarker, String nextVersionIdMarker) {
        public boolean last() {
            return nextKeyMarker == null && nextVersionIdMarker == null;
        }
    }

    /**
     * One page of a listing: its keys, with each one's ETag and size (-1 where the server gave none);
     * {@code nextToken} is null on the last page.
     */
    public record ListPage(List<String> keys, List<String> etags, List<Long> sizes, String nextToken) {
    }
}
