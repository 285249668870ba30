package io.s3workload.s3.bucket;

import io.s3workload.s3.DataPath;
import io.s3workload.s3.DeleteOutcome;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.ObjectStore.KeyVersion;
import io.s3workload.s3.ObjectStore.ListPage;
import io.s3workload.s3.ObjectStore.ObjectInfo;
import io.s3workload.s3.ObjectStore.Part;
import io.s3workload.s3.ObjectStore.Upload;
import io.s3workload.s3.ObjectStore.VersionPage;
import io.s3workload.s3.ObjectVersions.Versioning;
import io.s3workload.s3.RequestHeaders;
import io.s3workload.s3.RequestTrace;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectLockLegalHoldStatus;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Response;

/**
 * The AWS SDK's synchronous S3 client, meant to be called from virtual threads: the data path of {@code client:
 * sync}, and every client's other requests (bucket checks, multipart administration, copies, versions, listings,
 * batch deletes), written here once.
 */
public final class SdkStore implements DataPath {

    private static final String CONTENT_TYPE = "application/octet-stream";

    private final String endpointName;
    /** Where its requests go ({@code host:port} of the endpoint's URL), for the ops log. */
    private final String host;
    private final String bucket;
    private final S3Client s3;
    private final boolean batchDelete;
    /** Added to every request, and to a copy for its source (a view's, such as SSE-C's; none by default). */
    private final RequestHeaders added;
    /** Whether closing this store closes the client (not for a view that shares it). */
    private final boolean owner;

    public SdkStore(String endpointName, String bucket, S3Client s3, boolean batchDelete) {
        this(endpointName, bucket, s3, batchDelete, RequestHeaders.NONE, true);
    }

    private SdkStore(String endpointName, String bucket, S3Client s3, boolean batchDelete,
                           RequestHeaders added, boolean owner) {
        this.endpointName = endpointName;
        this.host = RequestTrace.hostOf(s3.serviceClientConfiguration().endpointOverride().orElse(null));
        this.bucket = bucket;
        this.s3 = s3;
        this.batchDelete = batchDelete;
        this.added = added;
        this.owner = owner;
    }

    @Override
    public SdkStore withHeaders(RequestHeaders added, boolean owning) {
        return new SdkStore(endpointName, bucket, s3, batchDelete, added, owning && owner);
    }

    /** Adds {@code headers} and those this store adds to every request. */
    private Consumer<AwsRequestOverrideConfiguration.Builder> headers(Map<String, String> headers) {
        return S3Requests.headers(headers, added);
    }

    @Override
    public String endpointName() {
        return endpointName;
    }

    public void headBucket() {
        RequestTrace trace = RequestTrace.current();
        trace.begin(endpointName, host, null);
        try {
            trace.answered(s3.headBucket(b -> b.bucket(bucket)));
        } catch (RuntimeException e) {
            trace.failed(e);
            throw ErrorClassifier.bucketCheck(e, endpointName, bucket);
        }
    }

    public void createBucket() {
        request(null, () -> s3.createBucket(b -> b.bucket(bucket)));
    }

    public void deleteBucket() {
        request(null, () -> s3.deleteBucket(b -> b.bucket(bucket)));
    }

    @Override
    public String put(String key, Payload.Body body, ObjectWrite write) {
        Map<String, String> headers = write.putHeaders(body);
        return request(key, () -> s3.putObject(r -> r.bucket(bucket).key(key).contentLength(body.length())
                .overrideConfiguration(headers(headers)), traced(body))).eTag();
    }

    public String createMultipart(String key, ObjectWrite write) {
        Map<String, String> headers = write.createHeaders();
        return request(key, () -> s3.createMultipartUpload(r -> r.bucket(bucket).key(key).contentType(CONTENT_TYPE)
                .overrideConfiguration(headers(headers)))).uploadId();
    }

    @Override
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        return request(key, () -> s3.uploadPart(r -> r.bucket(bucket).key(key).uploadId(uploadId)
                .partNumber(partNumber).contentLength(body.length()).overrideConfiguration(headers(checksum)),
                traced(body))).eTag();
    }

    /** The bucket this store's requests go to. */
    public String bucket() {
        return bucket;
    }

    /** CopyObject from {@code sourceKey} of {@code sourceBucket} to {@code key} of this store's bucket. */
    public String copy(String sourceBucket, String sourceKey, String key) {
        return request(key, () -> s3.copyObject(r -> r.sourceBucket(sourceBucket).sourceKey(sourceKey)
                .destinationBucket(bucket).destinationKey(key).overrideConfiguration(copyHeaders())))
                .copyObjectResult().eTag();
    }

    public String uploadPartCopy(String key, String uploadId, int partNumber, String sourceBucket, String sourceKey,
                                 long start, long length) {
        return request(key, () -> s3.uploadPartCopy(r -> r.sourceBucket(sourceBucket).sourceKey(sourceKey)
                .destinationBucket(bucket).destinationKey(key).uploadId(uploadId).partNumber(partNumber)
                .copySourceRange(S3Requests.range(start, length)).overrideConfiguration(copyHeaders())))
                .copyPartResult().eTag();
    }

    /** A copy's headers: what a view adds for the source (SSE-C: the source's key), and to every request. */
    private Consumer<AwsRequestOverrideConfiguration.Builder> copyHeaders() {
        return S3Requests.headers(added.copySource(), added);
    }

    public String completeMultipart(String key, String uploadId, List<Part> parts, Map<String, String> condition) {
        return request(key, () -> s3.completeMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId)
                .multipartUpload(m -> m.parts(S3Requests.parts(parts))).overrideConfiguration(headers(condition))))
                .eTag();
    }

    public void abortMultipart(String key, String uploadId) {
        request(key, () -> s3.abortMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId)));
    }

    public Versioning versioning() {
        return S3Requests.versioning(request(null, () -> s3.getBucketVersioning(r -> r.bucket(bucket))).status());
    }

    public String putVersion(String key, Payload.Body body) {
        return request(key, () -> s3.putObject(r -> r.bucket(bucket).key(key).contentLength(body.length())
                        .overrideConfiguration(headers(Map.of())),
                RequestBody.fromContentProvider(body::open, body.length(), CONTENT_TYPE))).versionId();
    }

    public void getVersion(String key, String versionId, byte[] buffer, ReadTiming timing) {
        read(GetObjectRequest.builder().bucket(bucket).key(key).versionId(versionId)
                .overrideConfiguration(headers(Map.of())).build(), buffer, timing);
    }

    public void deleteVersion(String key, String versionId) {
        request(key, () -> s3.deleteObject(r -> r.bucket(bucket).key(key).versionId(versionId)));
    }

    public VersionPage listVersions(String prefix, String keyMarker, String versionIdMarker, int pageSize) {
        return S3Requests.versions(request(null, () -> s3.listObjectVersions(r -> r.bucket(bucket).prefix(prefix)
                .keyMarker(keyMarker).versionIdMarker(versionIdMarker).maxKeys(pageSize))));
    }

    public List<Upload> multipartUploads(String prefix) {
        List<Upload> uploads = new ArrayList<>();
        String keyMarker = null;
        String uploadIdMarker = null;
        while (true) { // page by page, each request traced
            String fromKey = keyMarker;
            String fromUpload = uploadIdMarker;
            var page = request(null, () -> s3.listMultipartUploads(r -> r.bucket(bucket).prefix(prefix)
                    .keyMarker(fromKey).uploadIdMarker(fromUpload)));
            page.uploads().forEach(u -> uploads.add(new Upload(u.key(), u.uploadId())));
            if (!Boolean.TRUE.equals(page.isTruncated()) || page.nextKeyMarker() == null) {
                return uploads;
            }
            keyMarker = page.nextKeyMarker();
            uploadIdMarker = page.nextUploadIdMarker();
        }
    }

    @Override
    public void get(String key, byte[] buffer, ReadTiming timing) {
        read(GetObjectRequest.builder().bucket(bucket).key(key).overrideConfiguration(headers(Map.of()))
                .checksumMode(timing.validateChecksum ? ChecksumMode.ENABLED : null).build(), buffer, timing);
    }

    @Override
    public void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing) {
        read(GetObjectRequest.builder().bucket(bucket).key(key).range(S3Requests.range(start, length))
                .overrideConfiguration(headers(Map.of())).build(), buffer, timing);
    }

    private void read(GetObjectRequest request, byte[] buffer, ReadTiming timing) {
        RequestTrace trace = RequestTrace.current();
        trace.begin(endpointName, host, request.key());
        trace.range(request.range());
        timing.start();
        try (ResponseInputStream<GetObjectResponse> in = s3.getObject(request)) {
            trace.answered(in.response());
            timing.etag = in.response().eTag();
            int n = in.read(buffer);
            timing.firstByteNanos = System.nanoTime();
            while (n >= 0) {
                timing.read(buffer, n);
                n = in.read(buffer);
            }
            timing.end(); // the SDK has validated the checksum, if one came, by the end of the stream
            timing.checksumValidatedByClient(S3Requests.wholeChecksum(in.response()));
        } catch (IOException | RuntimeException e) {
            trace.failed(e);
            throw ErrorClassifier.classify(e, endpointName).withKey(request.key());
        }
    }

    @Override
    public Optional<ObjectInfo> head(String key) {
        RequestTrace trace = RequestTrace.current();
        trace.begin(endpointName, host, key);
        try {
            HeadObjectResponse r = trace.answered(s3.headObject(b -> b.bucket(bucket).key(key)
                    .overrideConfiguration(headers(Map.of()))));
            return Optional.of(new ObjectInfo(r.contentLength(), r.eTag(), r.metadata()));
        } catch (S3Exception e) {
            trace.failed(e);
            if (e instanceof NoSuchKeyException || e.statusCode() == 404) {
                return Optional.empty();
            }
            throw ErrorClassifier.headFailure(e, endpointName).withKey(key);
        } catch (RuntimeException e) {
            trace.failed(e);
            throw ErrorClassifier.classify(e, endpointName).withKey(key);
        }
    }

    @Override
    public void delete(String key) {
        request(key, () -> s3.deleteObject(r -> r.bucket(bucket).key(key)));
    }

    /**
     * Sends an SDK request on {@code key}, noting it in the thread's {@link RequestTrace} (the status and the
     * server's ids, of a failure too), turning every failure into a classified {@link StoreException} naming the key.
     */
    private <R extends S3Response> R request(String key, Supplier<R> request) {
        RequestTrace trace = RequestTrace.current();
        trace.begin(endpointName, host, key);
        try {
            return trace.answered(request.get());
        } catch (RuntimeException e) {
            trace.failed(e);
            throw ErrorClassifier.classify(e, endpointName).withKey(key);
        }
    }

    /** An upload's body, noting in the thread's trace when the SDK has read its last byte. */
    private static RequestBody traced(Payload.Body body) {
        RequestTrace trace = RequestTrace.current();
        return RequestBody.fromContentProvider(() -> trace.markingEnd(body.open(), body.length()), body.length(),
                CONTENT_TYPE);
    }

    /** One ListObjectsV2 page, traced as a request that names no key (a listing is in no bucket's cell). */
    public ListPage listPage(String prefix, String continuationToken, int pageSize) {
        return S3Requests.page(request(null, () -> s3.listObjectsV2(r -> r.bucket(bucket).prefix(prefix)
                .maxKeys(pageSize).continuationToken(continuationToken))));
    }

    public boolean batchDelete() {
        return batchDelete;
    }

    public DeleteOutcome deleteVersionBatch(List<KeyVersion> versions, boolean bypassGovernance) {
        return S3Requests.versionOutcome(versions, request(null, () -> s3.deleteObjects(r -> r.bucket(bucket)
                .delete(S3Requests.deleteVersions(versions)).bypassGovernanceRetention(bypassGovernance ? true
                        : null))));
    }

    /** PutObjectLegalHold OFF on one version. */
    public void liftLegalHold(KeyVersion version) {
        request(version.key(), () -> s3.putObjectLegalHold(r -> r.bucket(bucket).key(version.key())
                .versionId(version.versionId()).legalHold(h -> h.status(
                        ObjectLockLegalHoldStatus.OFF))));
    }

    /** GetObjectRetention of one version: until when it is retained; empty when it is not. */
    public Optional<Instant> retainedUntil(KeyVersion version) {
        var retention = request(version.key(), () -> s3.getObjectRetention(r -> r.bucket(bucket).key(version.key())
                .versionId(version.versionId()))).retention();
        return Optional.ofNullable(retention == null ? null : retention.retainUntilDate());
    }

    /** One DeleteObjects request (traced as one request, named by its first key). */
    public DeleteOutcome deleteBatch(List<String> keys) {
        return S3Requests.outcome(keys, request(keys.get(0), () -> s3.deleteObjects(r -> r.bucket(bucket)
                .delete(S3Requests.delete(keys)))));
    }

    @Override
    public void close() {
        if (owner) {
            s3.close();
        }
    }
}
