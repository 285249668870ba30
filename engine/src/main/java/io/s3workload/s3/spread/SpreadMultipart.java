package io.s3workload.s3.spread;

import io.s3workload.s3.MultipartUploads;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.bucket.BucketStoreMultipart;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The multipart uploads of a spread: each in its key's bucket, a part copied from its source key's bucket. */
final class SpreadMultipart implements MultipartUploads {

    private final SpreadStore spread;

    SpreadMultipart(SpreadStore spread) {
        this.spread = spread;
    }

    private BucketStoreMultipart of(String key) {
        return spread.of(key).multipart();
    }

    @Override
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        return of(key).uploadPart(key, uploadId, partNumber, body, checksum);
    }

    @Override
    public String createMultipart(String key, ObjectWrite write) {
        return of(key).createMultipart(key, write);
    }

    @Override
    public String completeMultipart(String key, String uploadId, List<ObjectStore.Part> parts,
                                    Map<String, String> condition) {
        return of(key).completeMultipart(key, uploadId, parts, condition);
    }

    @Override
    public void abortMultipart(String key, String uploadId) {
        of(key).abortMultipart(key, uploadId);
    }

    @Override
    public String uploadPartCopy(String key, String uploadId, int partNumber, String sourceKey, long start,
                                 long length) {
        return of(key).uploadPartCopy(key, uploadId, partNumber, spread.of(sourceKey).bucket(), sourceKey, start,
                length);
    }

    @Override
    public List<ObjectStore.Upload> multipartUploads(String prefix) {
        return Arrays.stream(spread.stores()).flatMap(b -> b.multipart().multipartUploads(prefix).stream())
                .toList();
    }
}
