package io.s3workload.s3;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The store of one bucket of one endpoint: a client's {@link DataPath} for the hot operations, and the SDK's
 * {@link SdkStore} for everything else, written once for every client.
 */
final class BucketStore implements ObjectStore {

    private final DataPath data;
    private final SdkStore control;
    /** Run before the bucket check: the CRT's prompt look at the server's certificate; none for the others. */
    private final Runnable beforeBucketCheck;

    BucketStore(DataPath data, SdkStore control, Runnable beforeBucketCheck) {
        this.data = data;
        this.control = control;
        this.beforeBucketCheck = beforeBucketCheck;
    }

    /** The SDK's synchronous client for everything (its data path is its own). */
    BucketStore(SdkStore sdk) {
        this(sdk, sdk, () -> { });
    }

    /** The client's own part, for tests that check which client a setting chose. */
    DataPath dataPath() {
        return data;
    }

    @Override
    public List<ObjectStore> buckets() {
        return List.of(this);
    }

    @Override
    public String bucket() {
        return control.bucket();
    }

    @Override
    public String endpointName() {
        return data.endpointName();
    }

    @Override
    public BucketStore withDataPath(java.util.function.UnaryOperator<DataPath> wrap) {
        return new BucketStore(wrap.apply(data), control, beforeBucketCheck);
    }

    @Override
    public BucketStore withCustomerKey(CustomerKey key, boolean owning) {
        SdkStore sdk = control.withCustomerKey(key, owning);
        return new BucketStore(data == control ? sdk : data.withCustomerKey(key, owning), sdk, beforeBucketCheck);
    }

    @Override
    public String put(String key, Payload.Body body, ObjectWrite write) {
        return data.put(key, body, write);
    }

    @Override
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        return data.uploadPart(key, uploadId, partNumber, body, checksum);
    }

    @Override
    public void get(String key, byte[] buffer, ReadTiming timing) {
        data.get(key, buffer, timing);
    }

    @Override
    public void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing) {
        data.getRange(key, start, length, buffer, timing);
    }

    @Override
    public Optional<ObjectInfo> head(String key) {
        return data.head(key);
    }

    @Override
    public void delete(String key) {
        data.delete(key);
    }

    @Override
    public void headBucket() {
        control.headBucket();
    }

    @Override
    public void prime() {
        control.headBucket();
        if (data != control) {
            data.prime();
        }
    }

    @Override
    public void checkBucket() {
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

    @Override
    public void createBucket() {
        control.createBucket();
    }

    @Override
    public void deleteBucket() {
        control.deleteBucket();
    }

    @Override
    public String createMultipart(String key, ObjectWrite write) {
        return control.createMultipart(key, write);
    }

    @Override
    public String completeMultipart(String key, String uploadId, List<Part> parts, Map<String, String> condition) {
        return control.completeMultipart(key, uploadId, parts, condition);
    }

    @Override
    public void abortMultipart(String key, String uploadId) {
        control.abortMultipart(key, uploadId);
    }

    @Override
    public String copy(String sourceKey, String key) {
        return copy(bucket(), sourceKey, key);
    }

    /** CopyObject into this bucket from {@code sourceKey} of {@code sourceBucket}. */
    String copy(String sourceBucket, String sourceKey, String key) {
        return control.copy(sourceBucket, sourceKey, key);
    }

    @Override
    public String uploadPartCopy(String key, String uploadId, int partNumber, String sourceKey, long start,
                                 long length) {
        return uploadPartCopy(key, uploadId, partNumber, bucket(), sourceKey, start, length);
    }

    /** UploadPartCopy into this bucket from {@code sourceKey} of {@code sourceBucket}. */
    String uploadPartCopy(String key, String uploadId, int partNumber, String sourceBucket, String sourceKey,
                          long start, long length) {
        return control.uploadPartCopy(key, uploadId, partNumber, sourceBucket, sourceKey, start, length);
    }

    @Override
    public Versioning versioning() {
        return control.versioning();
    }

    @Override
    public String putVersion(String key, Payload.Body body) {
        return control.putVersion(key, body);
    }

    @Override
    public void getVersion(String key, String versionId, byte[] buffer, ReadTiming timing) {
        control.getVersion(key, versionId, buffer, timing);
    }

    @Override
    public void deleteVersion(String key, String versionId) {
        control.deleteVersion(key, versionId);
    }

    @Override
    public VersionPage listVersions(String prefix, String keyMarker, String versionIdMarker, int pageSize) {
        return control.listVersions(prefix, keyMarker, versionIdMarker, pageSize);
    }

    @Override
    public List<Upload> multipartUploads(String prefix) {
        return control.multipartUploads(prefix);
    }

    @Override
    public ListPage listPage(String prefix, String continuationToken, int pageSize) {
        return control.listPage(prefix, continuationToken, pageSize);
    }

    @Override
    public boolean batchDelete() {
        return control.batchDelete();
    }

    @Override
    public DeleteOutcome deleteKeys(List<String> keys) {
        if (keys.isEmpty()) {
            return new DeleteOutcome(0, List.of(), List.of());
        }
        return batchDelete() ? control.deleteBatch(keys) : oneByOne(keys, this::delete, key -> key);
    }

    @Override
    public DeleteOutcome deleteBatch(List<String> keys) {
        return control.deleteBatch(keys);
    }

    @Override
    public DeleteOutcome deleteVersions(List<KeyVersion> versions) {
        if (versions.isEmpty()) {
            return new DeleteOutcome(0, List.of(), List.of());
        }
        return batchDelete() ? control.deleteVersionBatch(versions, false) : oneByOne(versions,
                v -> deleteVersion(v.key(), v.versionId()), KeyVersion::named);
    }

    @Override
    public DeleteOutcome deleteLockedVersions(List<KeyVersion> versions) {
        return control.deleteVersionBatch(versions, true);
    }

    @Override
    public void liftLegalHold(KeyVersion version) {
        control.liftLegalHold(version);
    }

    @Override
    public Optional<java.time.Instant> retainedUntil(KeyVersion version) {
        return control.retainedUntil(version);
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
        data.close();
        if (data != control) {
            control.close();
        }
    }
}
