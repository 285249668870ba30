package io.s3workload.s3;

import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The storage operations the engine needs, on the run's bucket of one endpoint ({@code s3/bucket/BucketStore}) or
 * on the buckets its keys are spread over ({@code s3/spread/SpreadStore}, the workload's {@code buckets:}); callers do
 * not know the difference. Thread-safe; every failure is a {@link StoreException}.
 */
public interface ObjectStore extends AutoCloseable {

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
    ObjectStore withDataPath(UnaryOperator<DataPath> wrap);

    /**
     * This store as a view adding {@code added} to its requests (SSE-C: {@link CustomerKey#requestHeaders}), on
     * this store's connections. Closing it closes this store when {@code owning}, else nothing.
     */
    ObjectStore withHeaders(RequestHeaders added, boolean owning);

    // ---- the hot operations: the client's own ----

    /** Uploads {@code body} in one request with what {@code write} adds; returns the ETag. */
    String put(String key, Payload.Body body, ObjectWrite write);

    default String put(String key, Payload.Body body) {
        return put(key, body, ObjectWrite.NONE);
    }

    /** Reads the whole object into {@code buffer} (overwritten, never grown), filling {@code timing}. */
    void get(String key, byte[] buffer, ReadTiming timing);

    /** Reads bytes {@code [start, start + length)} of the object, as {@link #get} does. */
    void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing);

    /** HeadObject; empty when there is no such object. */
    Optional<ObjectInfo> head(String key);

    void delete(String key);

    /** CopyObject, from {@code sourceKey} to {@code key} (S3 allows up to 5 GiB); returns the ETag. */
    String copy(String sourceKey, String key);

    /** Its multipart uploads. */
    MultipartUploads multipart();

    /** Its objects' versions. */
    ObjectVersions versions();

    /** What it does to its bucket (or buckets) as a whole: checks, listings, batch deletes. */
    BucketOperations bucketWide();

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
            TreeMap<String, String> names = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            names.putAll(metadata == null ? Map.of() : metadata);
            metadata = Collections.unmodifiableMap(names);
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
