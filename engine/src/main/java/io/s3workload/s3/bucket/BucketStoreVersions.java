package io.s3workload.s3.bucket;

import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ObjectVersions;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/** The object versions of one bucket, through the SDK. */
final class BucketStoreVersions implements ObjectVersions {

    private final SdkStore control;
    /** Whether the server has DeleteObjects: else versions are deleted one request each. */
    private final BooleanSupplier batchDelete;

    BucketStoreVersions(SdkStore control, BooleanSupplier batchDelete) {
        this.control = control;
        this.batchDelete = batchDelete;
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
    public ObjectStore.VersionPage listVersions(String prefix, String keyMarker, String versionIdMarker,
                                                int pageSize) {
        return control.listVersions(prefix, keyMarker, versionIdMarker, pageSize);
    }

    @Override
    public DeleteOutcome deleteVersions(List<ObjectStore.KeyVersion> versions) {
        if (versions.isEmpty()) {
            return DeleteOutcome.NOTHING;
        }
        return batchDelete.getAsBoolean() ? control.deleteVersionBatch(versions, false)
                : DeleteOutcome.oneByOne(versions, v -> deleteVersion(v.key(), v.versionId()),
                ObjectStore.KeyVersion::named);
    }

    @Override
    public DeleteOutcome deleteLockedVersions(List<ObjectStore.KeyVersion> versions) {
        return control.deleteVersionBatch(versions, true);
    }

    @Override
    public void liftLegalHold(ObjectStore.KeyVersion version) {
        control.liftLegalHold(version);
    }

    @Override
    public Optional<Instant> retainedUntil(ObjectStore.KeyVersion version) {
        return control.retainedUntil(version);
    }
}
