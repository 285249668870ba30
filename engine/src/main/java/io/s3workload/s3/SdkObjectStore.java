package io.s3workload.s3;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Object;

/** {@link ObjectStore} over the AWS SDK's synchronous S3 client, meant to be called from virtual threads. */
final class SdkObjectStore implements ObjectStore {

    private static final String CONTENT_TYPE = "application/octet-stream";

    private final String endpointName;
    private final String bucket;
    private final S3Client s3;

    SdkObjectStore(String endpointName, String bucket, S3Client s3) {
        this.endpointName = endpointName;
        this.bucket = bucket;
        this.s3 = s3;
    }

    @Override
    public String endpointName() {
        return endpointName;
    }

    @Override
    public void headBucket() {
        try {
            s3.headBucket(b -> b.bucket(bucket));
        } catch (NoSuchBucketException e) {
            throw new StoreException(StoreException.Kind.NO_BUCKET, "HTTP 404 NoSuchBucket",
                    endpointName + ": bucket '" + bucket + "' does not exist", null);
        } catch (software.amazon.awssdk.services.s3.model.S3Exception e) {
            if (e.statusCode() == 404) {
                throw new StoreException(StoreException.Kind.NO_BUCKET, "HTTP 404 NoSuchBucket",
                        endpointName + ": bucket '" + bucket + "' does not exist", null);
            }
            throw ErrorClassifier.classify(e, endpointName);
        } catch (RuntimeException e) {
            throw ErrorClassifier.classify(e, endpointName);
        }
    }

    @Override
    public void createBucket() {
        try {
            s3.createBucket(b -> b.bucket(bucket));
        } catch (RuntimeException e) {
            throw ErrorClassifier.classify(e, endpointName);
        }
    }

    @Override
    public String put(String key, Payload.Body body) {
        try {
            return s3.putObject(r -> r.bucket(bucket).key(key).contentLength(body.length()),
                    RequestBody.fromContentProvider(body::open, body.length(), CONTENT_TYPE)).eTag();
        } catch (RuntimeException e) {
            throw ErrorClassifier.classify(e, endpointName);
        }
    }

    @Override
    public void get(String key, byte[] buffer, ReadTiming timing) {
        timing.bytes = 0;
        timing.firstByteNanos = 0;
        try (ResponseInputStream<GetObjectResponse> in = s3.getObject(r -> r.bucket(bucket).key(key))) {
            drain(in, buffer, timing);
        } catch (IOException e) {
            throw ErrorClassifier.classify(e, endpointName);
        } catch (RuntimeException e) {
            throw ErrorClassifier.classify(e, endpointName);
        }
    }

    private static void drain(InputStream in, byte[] buffer, ReadTiming timing) throws IOException {
        int n = in.read(buffer);
        timing.firstByteNanos = System.nanoTime();
        long total = 0;
        while (n >= 0) {
            total += n;
            n = in.read(buffer);
        }
        timing.bytes = total;
    }

    @Override
    public void delete(String key) {
        try {
            s3.deleteObject(r -> r.bucket(bucket).key(key));
        } catch (RuntimeException e) {
            throw ErrorClassifier.classify(e, endpointName);
        }
    }

    @Override
    public void listKeys(String prefix, Consumer<List<String>> page) {
        try {
            ListObjectsV2Request.Builder request = ListObjectsV2Request.builder().bucket(bucket).prefix(prefix);
            ListObjectsV2Response response;
            do {
                response = s3.listObjectsV2(request.build());
                page.accept(response.contents().stream().map(S3Object::key).toList());
                request.continuationToken(response.nextContinuationToken());
            } while (Boolean.TRUE.equals(response.isTruncated()) && response.nextContinuationToken() != null);
        } catch (RuntimeException e) {
            throw ErrorClassifier.classify(e, endpointName);
        }
    }

    @Override
    public DeleteOutcome deleteKeys(List<String> keys) {
        if (keys.isEmpty()) {
            return new DeleteOutcome(0, List.of(), List.of());
        }
        try {
            List<ObjectIdentifier> ids = keys.stream().map(k -> ObjectIdentifier.builder().key(k).build()).toList();
            DeleteObjectsResponse response = s3.deleteObjects(r -> r.bucket(bucket)
                    .delete(Delete.builder().objects(ids).quiet(true).build()));
            List<String> failed = new ArrayList<>();
            List<String> errors = new ArrayList<>();
            response.errors().forEach(e -> {
                failed.add(e.key());
                errors.add(e.code() + ": " + e.message());
            });
            return new DeleteOutcome(keys.size() - failed.size(), failed, errors);
        } catch (RuntimeException e) {
            throw ErrorClassifier.classify(e, endpointName);
        }
    }

    @Override
    public void close() {
        s3.close();
    }
}
