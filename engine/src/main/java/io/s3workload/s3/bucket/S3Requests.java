package io.s3workload.s3.bucket;

import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ObjectVersions;
import io.s3workload.s3.RequestHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.services.s3.model.BucketVersioningStatus;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectVersionsResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Object;

/** Request pieces both S3 clients build the same way. */
public final class S3Requests {

    private S3Requests() {
    }

    /** Adds {@code headers} to an SDK request, and those {@code added} puts on every request. */
    public static Consumer<AwsRequestOverrideConfiguration.Builder> headers(
            Map<String, String> headers, RequestHeaders added) {
        return o -> {
            headers.forEach(o::putHeader);
            added.everyRequest().forEach(o::putHeader);
        };
    }

    /** {@code bytes=start-end} for {@code length} bytes from {@code start}. */
    public static String range(long start, long length) {
        return "bytes=" + start + "-" + (start + length - 1);
    }

    /**
     * Whether a GetObject response carried a whole-object checksum, which the SDK then validated against the body
     * (a multipart object's composite checksum, {@code ...-N}, it does not).
     */
    public static boolean wholeChecksum(GetObjectResponse r) {
        for (String c : new String[] {r.checksumCRC32(), r.checksumCRC32C(), r.checksumCRC64NVME(), r.checksumSHA1(),
                r.checksumSHA256()}) {
            if (c != null && !c.contains("-")) {
                return true;
            }
        }
        return false;
    }

    /** Parts numbered from 1 in order, each with its ETag and the checksum it was sent with. */
    static List<CompletedPart> parts(List<ObjectStore.Part> uploaded) {
        List<CompletedPart> parts = new ArrayList<>(uploaded.size());
        for (int i = 0; i < uploaded.size(); i++) {
            ObjectStore.Part part = uploaded.get(i);
            CompletedPart.Builder b = CompletedPart.builder().partNumber(i + 1).eTag(part.etag());
            part.checksum().forEach((header, value) -> {
                switch (header) {
                    case "x-amz-checksum-crc32" -> b.checksumCRC32(value);
                    case "x-amz-checksum-crc32c" -> b.checksumCRC32C(value);
                    case "x-amz-checksum-crc64nvme" -> b.checksumCRC64NVME(value);
                    case "x-amz-checksum-sha1" -> b.checksumSHA1(value);
                    case "x-amz-checksum-sha256" -> b.checksumSHA256(value);
                    default -> {
                        // Content-MD5 is checked per part by the server and not named at completion
                    }
                }
            });
            parts.add(b.build());
        }
        return parts;
    }

    /** One page of a ListObjectsV2 answer: keys with their ETags and sizes, and the token for the next page if any. */
    static ObjectStore.ListPage page(ListObjectsV2Response response) {
        String next = Boolean.TRUE.equals(response.isTruncated()) ? response.nextContinuationToken() : null;
        return new ObjectStore.ListPage(response.contents().stream().map(S3Object::key).toList(),
                response.contents().stream().map(S3Object::eTag).toList(),
                response.contents().stream().map(o -> o.size() == null ? -1L : o.size()).toList(), next);
    }

    /** A ListObjectVersions answer: its versions and delete markers, and where the next page starts. */
    static ObjectStore.VersionPage versions(ListObjectVersionsResponse r) {
        List<ObjectStore.KeyVersion> all = new ArrayList<>();
        r.versions().forEach(v -> all.add(new ObjectStore.KeyVersion(v.key(), v.versionId(), false)));
        r.deleteMarkers().forEach(m -> all.add(new ObjectStore.KeyVersion(m.key(), m.versionId(), true)));
        boolean more = Boolean.TRUE.equals(r.isTruncated());
        return new ObjectStore.VersionPage(all, more ? r.nextKeyMarker() : null, more ? r.nextVersionIdMarker()
                : null);
    }

    /** A quiet DeleteObjects body: only failures come back. */
    static Delete delete(List<String> keys) {
        return Delete.builder().quiet(true)
                .objects(keys.stream().map(k -> ObjectIdentifier.builder().key(k).build()).toList()).build();
    }

    /** A quiet DeleteObjects body naming versions (and delete markers) by their ids. */
    static Delete deleteVersions(List<ObjectStore.KeyVersion> versions) {
        return Delete.builder().quiet(true).objects(versions.stream()
                .map(v -> ObjectIdentifier.builder().key(v.key()).versionId(v.versionId()).build()).toList()).build();
    }

    static DeleteOutcome versionOutcome(List<ObjectStore.KeyVersion> versions, DeleteObjectsResponse response) {
        List<String> failed = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        response.errors().forEach(e -> {
            failed.add(ObjectStore.KeyVersion.named(e.key(), e.versionId()));
            errors.add(e.code() + ": " + e.message());
        });
        return new DeleteOutcome(versions.size() - failed.size(), failed, errors);
    }

    /** GetBucketVersioning's status: none (never versioned), Enabled or Suspended. */
    static ObjectVersions.Versioning versioning(BucketVersioningStatus status) {
        if (status == BucketVersioningStatus.ENABLED) {
            return ObjectVersions.Versioning.ENABLED;
        }
        return status == BucketVersioningStatus.SUSPENDED
                ? ObjectVersions.Versioning.SUSPENDED : ObjectVersions.Versioning.NEVER;
    }

    static DeleteOutcome outcome(List<String> keys, DeleteObjectsResponse response) {
        List<String> failed = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        response.errors().forEach(e -> {
            failed.add(e.key());
            errors.add(e.code() + ": " + e.message());
        });
        return new DeleteOutcome(keys.size() - failed.size(), failed, errors);
    }
}
