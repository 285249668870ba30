package io.s3workload.s3.spread;

import io.s3workload.s3.BucketOperations;
import io.s3workload.s3.DataPath;
import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.MultipartUploads;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ObjectVersions;
import io.s3workload.s3.RequestHeaders;
import io.s3workload.s3.bucket.BucketStore;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A store over the buckets a run spreads its keys over (the workload's {@code buckets:}): each request for a key goes
 * to the bucket {@link ObjectStore#bucketOf} picks for it, a listing goes through them all in turn (its token naming
 * the bucket: {@code N/token}), a bucket check checks each, a batch delete is split by bucket.
 */
public final class SpreadStore implements ObjectStore {

    private final BucketStore[] buckets;

    public SpreadStore(List<? extends ObjectStore> perBucket) {
        this.buckets = perBucket.stream().map(SpreadStore::bucketStore).toArray(BucketStore[]::new);
    }

    private static BucketStore bucketStore(ObjectStore store) {
        if (store instanceof BucketStore one) {
            return one;
        }
        throw new IllegalArgumentException("a spread is made of stores of one bucket each, not " + store);
    }

    /** The store of {@code key}'s bucket. */
    BucketStore of(String key) {
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
    public ObjectStore withDataPath(UnaryOperator<DataPath> wrap) {
        return new SpreadStore(Arrays.stream(buckets).map(b -> b.withDataPath(wrap)).toList());
    }

    @Override
    public ObjectStore withHeaders(RequestHeaders added, boolean owning) {
        return new SpreadStore(Arrays.stream(buckets).map(b -> b.withHeaders(added, owning)).toList());
    }

    @Override
    public String put(String key, Payload.Body body, ObjectWrite write) {
        return of(key).put(key, body, write);
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

    /** The copy goes into the target key's bucket, from the source key's. */
    @Override
    public String copy(String sourceKey, String key) {
        return of(key).copy(of(sourceKey).bucket(), sourceKey, key);
    }

    @Override
    public MultipartUploads multipart() {
        return new SpreadMultipart(this);
    }

    @Override
    public ObjectVersions versions() {
        return new SpreadVersions(this);
    }

    @Override
    public BucketOperations bucketWide() {
        return new SpreadOperations(this);
    }

    /** The stores of the buckets, in order. */
    BucketStore[] stores() {
        return buckets;
    }

    /**
     * Runs {@code delete} on each bucket's share of {@code items} (each item's bucket its key's) and adds up what it
     * did.
     */
    <T> DeleteOutcome perBucket(List<T> items, Function<T, String> key,
                                BiFunction<BucketStore, List<T>, DeleteOutcome> delete) {
        Map<BucketStore, List<T>> shares = new LinkedHashMap<>();
        for (T item : items) {
            shares.computeIfAbsent(of(key.apply(item)), b -> new ArrayList<>()).add(item);
        }
        return DeleteOutcome.sum(shares.entrySet().stream().map(share -> delete.apply(share.getKey(),
                share.getValue())).toList());
    }

    @Override
    public void close() {
        for (BucketStore b : buckets) {
            b.close();
        }
    }
}
