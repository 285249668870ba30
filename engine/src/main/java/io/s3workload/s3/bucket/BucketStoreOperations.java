package io.s3workload.s3.bucket;

import io.s3workload.s3.BucketOperations;
import io.s3workload.s3.DataPath;
import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import java.util.List;

/** What is done to one bucket as a whole, through the SDK (the data path primed where it has a client of its own). */
public final class BucketStoreOperations implements BucketOperations {

    private final DataPath data;
    private final SdkStore control;
    /** Run before the bucket check: the CRT's prompt look at the server's certificate; none for the others. */
    private final Runnable beforeBucketCheck;

    BucketStoreOperations(DataPath data, SdkStore control, Runnable beforeBucketCheck) {
        this.data = data;
        this.control = control;
        this.beforeBucketCheck = beforeBucketCheck;
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
    public ObjectStore.ListPage listPage(String prefix, String continuationToken, int pageSize) {
        return control.listPage(prefix, continuationToken, pageSize);
    }

    @Override
    public boolean batchDelete() {
        return control.batchDelete();
    }

    @Override
    public DeleteOutcome deleteKeys(List<String> keys) {
        if (keys.isEmpty()) {
            return DeleteOutcome.NOTHING;
        }
        return batchDelete() ? control.deleteBatch(keys) : DeleteOutcome.oneByOne(keys, data::delete, key -> key);
    }

    @Override
    public DeleteOutcome deleteBatch(List<String> keys) {
        return control.deleteBatch(keys);
    }
}
