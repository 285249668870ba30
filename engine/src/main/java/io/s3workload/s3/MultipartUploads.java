package io.s3workload.s3;

import io.s3workload.s3.ObjectStore.Part;
import io.s3workload.s3.ObjectStore.Upload;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import java.util.List;
import java.util.Map;

/**
 * A store's multipart uploads: started, their parts uploaded (the client's own data path) or copied, completed or
 * aborted, and those in progress listed. Thread-safe; every failure is a {@link StoreException}.
 */
public interface MultipartUploads {

    /** Uploads part {@code partNumber} (from 1) with its {@code checksum} header (empty: none); returns its ETag. */
    String uploadPart(String key, String uploadId, int partNumber, Payload.Body body, Map<String, String> checksum);

    default String uploadPart(String key, String uploadId, int partNumber, Payload.Body body) {
        return uploadPart(key, uploadId, partNumber, body, Map.of());
    }

    /** Starts a multipart upload with what {@code write} adds (its checksum algorithm included); returns its id. */
    String createMultipart(String key, ObjectWrite write);

    /** Completes an upload from its parts, in part order; returns the object's ETag. */
    default String completeMultipart(String key, String uploadId, List<Part> parts) {
        return completeMultipart(key, uploadId, parts, Map.of());
    }

    /**
     * Completes an upload where {@code condition} holds ({@link ObjectWrite#condition}: the store answers 412 and
     * keeps what it had where it does not); returns the object's ETag.
     */
    String completeMultipart(String key, String uploadId, List<Part> parts, Map<String, String> condition);

    void abortMultipart(String key, String uploadId);

    /**
     * UploadPartCopy: part {@code partNumber} (from 1) of upload {@code uploadId} is bytes
     * {@code [start, start + length)} of {@code sourceKey}; returns the part's ETag.
     */
    String uploadPartCopy(String key, String uploadId, int partNumber, String sourceKey, long start, long length);

    /** Multipart uploads in progress under {@code prefix}. */
    List<Upload> multipartUploads(String prefix);
}
