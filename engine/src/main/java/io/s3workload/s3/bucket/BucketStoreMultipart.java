package io.s3workload.s3.bucket;

import io.s3workload.s3.DataPath;
import io.s3workload.s3.MultipartUploads;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import java.util.List;
import java.util.Map;

/** The multipart uploads of one bucket: parts through the client's data path, the rest through the SDK. */
public final class BucketStoreMultipart implements MultipartUploads {

    private final DataPath data;
    private final SdkStore control;

    BucketStoreMultipart(DataPath data, SdkStore control) {
        this.data = data;
        this.control = control;
    }

    @Override
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        return data.uploadPart(key, uploadId, partNumber, body, checksum);
    }

    @Override
    public String createMultipart(String key, ObjectWrite write) {
        return control.createMultipart(key, write);
    }

    @Override
    public String completeMultipart(String key, String uploadId, List<ObjectStore.Part> parts,
                                    Map<String, String> condition) {
        return control.completeMultipart(key, uploadId, parts, condition);
    }

    @Override
    public void abortMultipart(String key, String uploadId) {
        control.abortMultipart(key, uploadId);
    }

    @Override
    public String uploadPartCopy(String key, String uploadId, int partNumber, String sourceKey, long start,
                                 long length) {
        return uploadPartCopy(key, uploadId, partNumber, control.bucket(), sourceKey, start, length);
    }

    /** UploadPartCopy into this bucket from {@code sourceKey} of {@code sourceBucket}. */
    public String uploadPartCopy(String key, String uploadId, int partNumber, String sourceBucket, String sourceKey,
                          long start, long length) {
        return control.uploadPartCopy(key, uploadId, partNumber, sourceBucket, sourceKey, start, length);
    }

    @Override
    public List<ObjectStore.Upload> multipartUploads(String prefix) {
        return control.multipartUploads(prefix);
    }
}
