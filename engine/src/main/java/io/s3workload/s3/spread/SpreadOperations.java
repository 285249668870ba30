package io.s3workload.s3.spread;

import io.s3workload.s3.BucketOperations;
import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.bucket.BucketStore;
import java.util.List;
import java.util.function.Consumer;

/**
 * What is done to a spread's buckets as a whole: each checked, created or deleted in turn; a listing goes through
 * them in turn, its token naming the bucket ({@code N/token}); a batch delete is split by bucket.
 */
final class SpreadOperations implements BucketOperations {

    private final SpreadStore spread;

    SpreadOperations(SpreadStore spread) {
        this.spread = spread;
    }

    @Override
    public void headBucket() {
        each(BucketOperations::headBucket);
    }

    @Override
    public void prime() {
        each(BucketOperations::prime);
    }

    @Override
    public void checkBucket() {
        each(BucketOperations::checkBucket);
    }

    @Override
    public void createBucket() {
        each(BucketOperations::createBucket);
    }

    @Override
    public void deleteBucket() {
        each(BucketOperations::deleteBucket);
    }

    /** {@code operation} on each bucket in turn. */
    private void each(Consumer<BucketOperations> operation) {
        for (BucketStore b : spread.stores()) {
            operation.accept(b.bucketWide());
        }
    }

    /** The buckets in turn: a token names its bucket ("N/token"), the last page of one leads to the next's first. */
    @Override
    public ObjectStore.ListPage listPage(String prefix, String continuationToken, int pageSize) {
        BucketStore[] buckets = spread.stores();
        int from = continuationToken == null ? 0
                : Integer.parseInt(continuationToken.substring(0, continuationToken.indexOf('/')));
        String token = continuationToken == null ? null
                : continuationToken.substring(continuationToken.indexOf('/') + 1);
        token = token == null || token.isEmpty() ? null : token;
        ObjectStore.ListPage page = buckets[from].bucketWide().listPage(prefix, token, pageSize);
        String next = page.nextToken() != null ? from + "/" + page.nextToken()
                : from < buckets.length - 1 ? (from + 1) + "/" : null;
        return new ObjectStore.ListPage(page.keys(), page.etags(), page.sizes(), next);
    }

    @Override
    public boolean batchDelete() {
        return spread.stores()[0].bucketWide().batchDelete();
    }

    @Override
    public DeleteOutcome deleteKeys(List<String> keys) {
        return spread.perBucket(keys, k -> k, (b, share) -> b.bucketWide().deleteKeys(share));
    }

    @Override
    public DeleteOutcome deleteBatch(List<String> keys) {
        return spread.perBucket(keys, k -> k, (b, share) -> b.bucketWide().deleteBatch(share));
    }
}
