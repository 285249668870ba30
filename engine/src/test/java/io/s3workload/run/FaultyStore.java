package io.s3workload.run;

import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ObjectWrite;
import io.s3workload.s3.Payload;
import io.s3workload.s3.ReadTiming;
import io.s3workload.s3.StoreException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A real store that fails part number {@code failingPart} of every multipart upload with an HTTP 500. */
final class FaultyStore implements ObjectStore {

    private final ObjectStore real;
    private final int failingPart;

    FaultyStore(ObjectStore real, int failingPart) {
        this.real = real;
        this.failingPart = failingPart;
    }

    @Override
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        if (partNumber == failingPart) {
            throw new StoreException(StoreException.Kind.HTTP, "HTTP 500 InjectedFault", "injected", null);
        }
        return real.uploadPart(key, uploadId, partNumber, body, checksum);
    }

    @Override
    public ObjectStore withCustomerKey(io.s3workload.s3.CustomerKey key, boolean owning) {
        return new FaultyStore(real.withCustomerKey(key, owning), failingPart);
    }

    @Override
    public String copy(String sourceKey, String key) {
        return real.copy(sourceKey, key);
    }

    @Override
    public String uploadPartCopy(String key, String uploadId, int partNumber, String sourceKey, long start,
                                 long length) {
        return real.uploadPartCopy(key, uploadId, partNumber, sourceKey, start, length);
    }

    @Override
    public Versioning versioning() {
        return real.versioning();
    }

    @Override
    public String putVersion(String key, Payload.Body body) {
        return real.putVersion(key, body);
    }

    @Override
    public void getVersion(String key, String versionId, byte[] buffer, io.s3workload.s3.ReadTiming timing) {
        real.getVersion(key, versionId, buffer, timing);
    }

    @Override
    public void deleteVersion(String key, String versionId) {
        real.deleteVersion(key, versionId);
    }

    @Override
    public VersionPage listVersions(String prefix, String keyMarker, String versionIdMarker, int pageSize) {
        return real.listVersions(prefix, keyMarker, versionIdMarker, pageSize);
    }

    @Override
    public String endpointName() {
        return real.endpointName();
    }

    @Override
    public void headBucket() {
        real.headBucket();
    }


    @Override
    public void createBucket() {
        real.createBucket();
    }

    @Override
    public String put(String key, Payload.Body body, ObjectWrite write) {
        return real.put(key, body, write);
    }

    @Override
    public String createMultipart(String key, ObjectWrite write) {
        return real.createMultipart(key, write);
    }

    @Override
    public String completeMultipart(String key, String uploadId, List<Part> parts) {
        return real.completeMultipart(key, uploadId, parts);
    }

    @Override
    public void abortMultipart(String key, String uploadId) {
        real.abortMultipart(key, uploadId);
    }

    @Override
    public List<Upload> multipartUploads(String prefix) {
        return real.multipartUploads(prefix);
    }

    @Override
    public void get(String key, byte[] buffer, ReadTiming timing) {
        real.get(key, buffer, timing);
    }

    @Override
    public void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing) {
        real.getRange(key, start, length, buffer, timing);
    }

    @Override
    public Optional<ObjectInfo> head(String key) {
        return real.head(key);
    }

    @Override
    public void delete(String key) {
        real.delete(key);
    }

    @Override
    public ListPage listPage(String prefix, String continuationToken, int pageSize) {
        return real.listPage(prefix, continuationToken, pageSize);
    }

    @Override
    public boolean batchDelete() {
        return real.batchDelete();
    }

    @Override
    public DeleteOutcome deleteBatch(List<String> keys) {
        return real.deleteBatch(keys);
    }

    @Override
    public DeleteOutcome deleteVersionBatch(List<KeyVersion> versions) {
        return real.deleteVersionBatch(versions);
    }

    @Override
    public DeleteOutcome deleteKeys(List<String> keys) {
        return real.deleteKeys(keys);
    }

    @Override
    public void close() {
        real.close();
    }
}
