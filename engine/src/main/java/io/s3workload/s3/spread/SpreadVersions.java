package io.s3workload.s3.spread;

import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ObjectVersions;
import io.s3workload.s3.bucket.BucketStore;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The object versions of a spread: each key's in its bucket; a listing goes through the buckets in turn, its marker
 * naming the bucket ({@code N/marker}); a batch delete is split by bucket.
 */
final class SpreadVersions implements ObjectVersions {

    private final SpreadStore spread;

    SpreadVersions(SpreadStore spread) {
        this.spread = spread;
    }

    private ObjectVersions of(String key) {
        return spread.of(key).versions();
    }

    /** The buckets' most telling answer: any that keeps (or kept) versions means versions to clean. */
    @Override
    public Versioning versioning() {
        return Arrays.stream(spread.stores()).map(b -> b.versions().versioning()).max(Comparator.comparing(
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
    public ObjectStore.VersionPage listVersions(String prefix, String keyMarker, String versionIdMarker,
                                                int pageSize) {
        BucketStore[] buckets = spread.stores();
        int from = keyMarker == null ? 0 : Integer.parseInt(keyMarker.substring(0, keyMarker.indexOf('/')));
        String marker = keyMarker == null ? null : keyMarker.substring(keyMarker.indexOf('/') + 1);
        marker = marker == null || marker.isEmpty() ? null : marker;
        for (int b = from; b < buckets.length; b++, marker = null, versionIdMarker = null) {
            ObjectStore.VersionPage page = buckets[b].versions().listVersions(prefix, marker, versionIdMarker,
                    pageSize);
            if (!page.last()) {
                return new ObjectStore.VersionPage(page.versions(), b + "/" + page.nextKeyMarker(),
                        page.nextVersionIdMarker());
            }
            if (!page.versions().isEmpty() || b == buckets.length - 1) {
                return b == buckets.length - 1 ? page : new ObjectStore.VersionPage(page.versions(), (b + 1) + "/",
                        null);
            }
        }
        return new ObjectStore.VersionPage(List.of(), null, null);
    }

    @Override
    public DeleteOutcome deleteVersions(List<ObjectStore.KeyVersion> versions) {
        return spread.perBucket(versions, ObjectStore.KeyVersion::key, (b, share) -> b.versions()
                .deleteVersions(share));
    }

    @Override
    public DeleteOutcome deleteLockedVersions(List<ObjectStore.KeyVersion> versions) {
        return spread.perBucket(versions, ObjectStore.KeyVersion::key, (b, share) -> b.versions()
                .deleteLockedVersions(share));
    }

    @Override
    public void liftLegalHold(ObjectStore.KeyVersion version) {
        of(version.key()).liftLegalHold(version);
    }

    @Override
    public Optional<Instant> retainedUntil(ObjectStore.KeyVersion version) {
        return of(version.key()).retainedUntil(version);
    }
}
