package io.s3workload.s3.bucket;

import io.s3workload.s3.DataPath;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ObjectVersions;
import io.s3workload.s3.RequestHeaders;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The store of one bucket of one endpoint: a client's {@link DataPath} for the hot operations, and the SDK's
 * {@link SdkStore} for everything else, written once for every client.
 */
public final class BucketStore implements ObjectStore {

    private final DataPath data;
    private final SdkStore control;
    /** Run before the bucket check: the CRT's prompt look at the server's certificate; none for the others. */
    private final Runnable beforeBucketCheck;

    private final BucketStoreMultipart multipart;
    private final BucketStoreVersions versions;
    private final BucketStoreOperations bucketWide;

    public BucketStore(DataPath data, SdkStore control, Runnable beforeBucketCheck) {
        this.data = data;
        this.control = control;
        this.beforeBucketCheck = beforeBucketCheck;
        this.multipart = new BucketStoreMultipart(data, control);
        this.bucketWide = new BucketStoreOperations(data, control, beforeBucketCheck);
        this.versions = new BucketStoreVersions(control, bucketWide::batchDelete);
    }

    /** The SDK's synchronous client for everything (its data path is its own). */
    public BucketStore(SdkStore sdk) {
        this(sdk, sdk, () -> { });
    }

    /** The client's own part, for tests that check which client a setting chose. */
    public DataPath dataPath() {
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
    public BucketStore withDataPath(UnaryOperator<DataPath> wrap) {
        return new BucketStore(wrap.apply(data), control, beforeBucketCheck);
    }

    @Override
    public BucketStore withHeaders(RequestHeaders added, boolean owning) {
        SdkStore sdk = control.withHeaders(added, owning);
        return new BucketStore(data == control ? sdk : data.withHeaders(added, owning), sdk, beforeBucketCheck);
    }

    @Override
    public String put(String key, Payload.Body body, ObjectWrite write) {
        return data.put(key, body, write);
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
    public String copy(String sourceKey, String key) {
        return copy(bucket(), sourceKey, key);
    }

    /** CopyObject into this bucket from {@code sourceKey} of {@code sourceBucket}. */
    public String copy(String sourceBucket, String sourceKey, String key) {
        return control.copy(sourceBucket, sourceKey, key);
    }

    @Override
    public BucketStoreMultipart multipart() {
        return multipart;
    }

    @Override
    public ObjectVersions versions() {
        return versions;
    }

    @Override
    public BucketStoreOperations bucketWide() {
        return bucketWide;
    }

    @Override
    public void close() {
        data.close();
        if (data != control) {
            control.close();
        }
    }
}
