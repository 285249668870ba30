package io.s3workload.s3;

import io.s3workload.s3.ObjectStore.ListPage;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a store does to its bucket as a whole rather than to one object: checks and creates it, lists its keys and
 * deletes them in batches (preflight, cleanup, the list and delete stages). Thread-safe; every failure is a
 * {@link StoreException}.
 */
public interface BucketOperations {

    /** HeadBucket. */
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
}
