package io.s3workload.s3;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A store over the buckets a run spreads its keys over (the workload's {@code buckets:}): each request for a key goes
 * to the bucket {@link ObjectStore#bucketOf} picks for it, a listing goes through them all in turn (its token naming
 * the bucket: {@code N/token}), a bucket check checks each, a batch delete is split by bucket.
 */
final class SpreadStore implements ObjectStore {

    private final BucketStore[] buckets;

    SpreadStore(List<? extends ObjectStore> perBucket) {
        this.buckets = perBucket.stream().map(SpreadStore::bucketStore).toArray(BucketStore[]::new);
    }

    private static BucketStore bucketStore(ObjectStore store) {
        if (store instanceof BucketStore one) {
            return one;
        }
        throw new IllegalArgumentException("a spread is made of stores of one bucket each, not " + store);
    }

    /** The store of {@code key}'s bucket. */
    private BucketStore of(String key) {
        return buckets[ObjectStore.bucketOf(key, buckets.length)];
    }

    @Override
    public List<ObjectStore> buckets() {
        return List.of(buckets);
    }

    @Override
    public String bucket() {
        return buckets[0].bucket();
    }

    @Override
    public String endpointName() {
        return buckets[0].endpointName();
    }

    @Override
    public ObjectStore withDataPath(java.util.function.UnaryOperator<DataPath> wrap) {
        return new SpreadStore(java.util.Arrays.stream(buckets).map(b -> b.withDataPath(wrap)).toList());
    }

    @Override
    public ObjectStore withCustomerKey(CustomerKey key, boolean owning) {
        return new SpreadStore(java.util.Arrays.stream(buckets).map(b -> b.withCustomerKey(key, owning)).toList());
    }

    @Override
    public String put(String key, Payload.Body body, ObjectWrite write) {
        return of(key).put(key, body, write);
    }

    @Override
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        return of(key).uploadPart(key, uploadId, partNumber, body, checksum);
    }

    @Override
    public void get(String key, byte[] buffer, ReadTiming timing) {
        of(key).get(key, buffer, timing);
    }

    @Override
    public void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing) {
        of(key).getRange(key, start, length, buffer, timing);
    }

    @Override
    public Optional<ObjectInfo> head(String key) {
        return of(key).head(key);
    }

    @Override
    public void delete(String key) {
        of(key).delete(key);
    }

    @Override
    public void headBucket() {
        for (BucketStore b : buckets) {
            b.headBucket();
        }
    }

    @Override
    public void prime() {
        for (BucketStore b : buckets) {
            b.prime();
        }
    }

    @Override
    public void checkBucket() {
        for (BucketStore b : buckets) {
            b.checkBucket();
        }
    }

    @Override
    public void createBucket() {
        for (BucketStore b : buckets) {
            b.createBucket();
        }
    }

    @Override
    public void deleteBucket() {
        for (BucketStore b : buckets) {
            b.deleteBucket();
        }
    }

    @Override
    public String createMultipart(String key, ObjectWrite write) {
        return of(key).createMultipart(key, write);
    }

    @Override
    public String completeMultipart(String key, String uploadId, List<Part> parts, Map<String, String> condition) {
        return of(key).completeMultipart(key, uploadId, parts, condition);
    }

    @Override
    public void abortMultipart(String key, String uploadId) {
        of(key).abortMultipart(key, uploadId);
    }

    /** The copy goes into the target key's bucket, from the source key's. */
    @Override
    public String copy(String sourceKey, String key) {
        return of(key).copy(of(sourceKey).bucket(), sourceKey, key);
    }

    @Override
    public String uploadPartCopy(String key, String uploadId, int partNumber, String sourceKey, long start,
                                 long length) {
        return of(key).uploadPartCopy(key, uploadId, partNumber, of(sourceKey).bucket(), sourceKey, start, length);
    }

    /** The buckets' most telling answer: any that keeps (or kept) versions means versions to clean. */
    @Override
    public Versioning versioning() {
        return java.util.Arrays.stream(buckets).map(BucketStore::versioning).max(Comparator.comparing(
                v -> v == Versioning.NEVER ? 0 : v == Versioning.SUSPENDED ? 1 : 2)).orElseThrow();
    }

    @Override
    public String putVersion(String key, Payload.Body body) {
        return of(key).putVersion(key, body);
    }

    @Override
    public void getVersion(String key, String versionId, byte[] buffer, ReadTiming timing) {
        of(key).getVersion(key, versionId, buffer, timing);
    }

    @Override
    public void deleteVersion(String key, String versionId) {
        of(key).deleteVersion(key, versionId);
    }

    /** The buckets in turn: a marker names its bucket ("N/marker"), the last page of one leads to the next's first. */
    @Override
    public VersionPage listVersions(String prefix, String keyMarker, String versionIdMarker, int pageSize) {
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

    @Override
    public List<Upload> multipartUploads(String prefix) {
        return java.util.Arrays.stream(buckets).flatMap(b -> b.multipartUploads(prefix).stream()).toList();
    }

    /** The buckets in turn: a token names its bucket ("N/token"), the last page of one leads to the next's first. */
    @Override
    public ListPage listPage(String prefix, String continuationToken, int pageSize) {
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

    @Override
    public boolean batchDelete() {
        return buckets[0].batchDelete();
    }

    @Override
    public DeleteOutcome deleteKeys(List<String> keys) {
        return perBucket(keys, k -> k, BucketStore::deleteKeys);
    }

    @Override
    public DeleteOutcome deleteBatch(List<String> keys) {
        return perBucket(keys, k -> k, BucketStore::deleteBatch);
    }

    @Override
    public DeleteOutcome deleteVersions(List<KeyVersion> versions) {
        return perBucket(versions, KeyVersion::key, BucketStore::deleteVersions);
    }

    @Override
    public DeleteOutcome deleteLockedVersions(List<KeyVersion> versions) {
        return perBucket(versions, KeyVersion::key, BucketStore::deleteLockedVersions);
    }

    @Override
    public void liftLegalHold(KeyVersion version) {
        of(version.key()).liftLegalHold(version);
    }

    @Override
    public Optional<java.time.Instant> retainedUntil(KeyVersion version) {
        return of(version.key()).retainedUntil(version);
    }

    /** Runs {@code delete} on each bucket's share of {@code items} and adds up what it did. */
    private <T> DeleteOutcome perBucket(List<T> items, Function<T, String> key,
                                        BiFunction<BucketStore, List<T>, DeleteOutcome> delete) {
        Map<BucketStore, List<T>> shares = new LinkedHashMap<>();
        for (T item : items) {
            shares.computeIfAbsent(of(key.apply(item)), b -> new ArrayList<>()).add(item);
        }
        int deleted = 0;
        List<String> failed = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (Map.Entry<BucketStore, List<T>> share : shares.entrySet()) {
            DeleteOutcome outcome = delete.apply(share.getKey(), share.getValue());
            deleted += outcome.deleted();
            failed.addAll(outcome.failedKeys());
            errors.addAll(outcome.errors());
        }
        return new DeleteOutcome(deleted, failed, errors);
    }

    @Override
    public void close() {
        for (BucketStore b : buckets) {
            b.close();
        }
    }
}
