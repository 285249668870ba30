package io.s3workload.testing;

import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.server.EmbeddedS3;
import io.s3workload.workload.yaml.WorkloadException;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * An in-process S3 server on 127.0.0.1 for a test class, with a plain SDK client to check what it holds, and
 * workloads aimed at it. No mocks: requests go over HTTP to S3Proxy.
 */
public final class TestS3 implements AutoCloseable {

    private final EmbeddedS3 server;
    private final S3Client client;

    public TestS3() {
        this(EmbeddedS3.Backend.MEMORY);
    }

    public TestS3(EmbeddedS3.Backend backend) {
        QuickTier.refuse("the in-process S3 server");
        server = EmbeddedS3.start(backend);
        client = S3Client.builder()
            .endpointOverride(server.endpoint())
            .region(Region.US_EAST_1)
            .forcePathStyle(true)
            .credentialsProvider(StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(server.accessKey(), server.secretKey())))
            .build();
    }

    public EmbeddedS3 server() {
        return server;
    }

    public URI endpoint() {
        return server.endpoint();
    }

    /** Compiles a workload whose endpoint {@code s3} is this server; {@code body} holds bucket, stages, etc. */
    public Plan plan(String body) throws WorkloadException {
        return plan(body, server.accessKey(), server.secretKey(), server.endpoint().toString());
    }

    public Plan plan(String body, String accessKey, String secretKey, String url) throws WorkloadException {
        String yaml = """
                endpoints:
                  s3:
                    url: ${URL}
                    credentials: {accessKey: "${AK}", secretKey: "${SK}"}
                """ + body;
        return Planner.plan(new WorkloadLoader(Map.of("URL", url, "AK", accessKey, "SK", secretKey), List.of(),
                Optional.empty(), Optional.empty()).parse("test.yaml", yaml));
    }

    /**
     * 10 PUTs of 4 KiB then 20 GETs of them, in {@code bucket}, through endpoint {@code s3} at {@code url} (a front
     * before this server) with this server's keys; {@code endpointKeys} adds YAML keys to the endpoint (e.g. its
     * {@code tls:}), {@code environment} is the loader's (proxy variables).
     */
    public Plan putThenGet(String bucket, String url, String client, String endpointKeys,
                           Map<String, String> environment) throws WorkloadException {
        String yaml = """
                bucket: %s
                endpoints:
                  s3:
                    url: %s
                    credentials: {accessKey: "%s", secretKey: "%s"}
                    %s
                defaults: {client: %s}
                stages:
                  - {name: put, kind: put, size: 4KiB, objects: 10, concurrency: 2}
                  - {name: get, kind: get, from: put, operations: 20, concurrency: 2}
                """.formatted(bucket, url, server.accessKey(), server.secretKey(), endpointKeys, client);
        return Planner.plan(new WorkloadLoader(environment, List.of(), Optional.empty(), Optional.empty())
                .parse(bucket + ".yaml", yaml));
    }

    /** What a {@link #putThenGet} run must show: its 30 operations, none failed. */
    public static void assertPutThenGetOk(io.s3workload.result.RunResult result) {
        long ok = 0;
        for (var stage : result.stages()) {
            for (var cell : stage.cells()) {
                if (cell.errors() != 0) {
                    throw new AssertionError(stage.stage().name() + ": " + cell.errorsByClass());
                }
                ok += cell.operations();
            }
        }
        if (ok != 30) {
            throw new AssertionError("expected 10 PUTs and 20 GETs, got " + ok + " operations");
        }
    }

    public void createBucket(String bucket) {
        client.createBucket(b -> b.bucket(bucket));
    }

    /** Whether {@code bucket} exists (HeadBucket). */
    public boolean bucketExists(String bucket) {
        try {
            client.headBucket(b -> b.bucket(bucket));
            return true;
        } catch (software.amazon.awssdk.services.s3.model.NoSuchBucketException e) {
            return false;
        } catch (software.amazon.awssdk.services.s3.model.S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw e;
        }
    }

    public void put(String bucket, String key, String content) {
        client.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromString(content));
    }

    /** Writes {@code content} to the key, returning the ETag the server answered. */
    public String putBytes(String bucket, String key, byte[] content) {
        return client.putObject(r -> r.bucket(bucket).key(key), RequestBody.fromBytes(content)).eTag();
    }

    public void delete(String bucket, String key) {
        client.deleteObject(r -> r.bucket(bucket).key(key));
    }

    public void startMultipart(String bucket, String key) {
        client.createMultipartUpload(r -> r.bucket(bucket).key(key));
    }

    /** Keys of the multipart uploads in progress in {@code bucket}. */
    public List<String> multipartUploads(String bucket) {
        return client.listMultipartUploads(r -> r.bucket(bucket)).uploads().stream()
                .map(software.amazon.awssdk.services.s3.model.MultipartUpload::key).sorted().toList();
    }

    public void abortAll(String bucket) {
        client.listMultipartUploads(r -> r.bucket(bucket)).uploads().forEach(u ->
                client.abortMultipartUpload(r -> r.bucket(bucket).key(u.key()).uploadId(u.uploadId())));
    }

    /** Every object under {@code prefix}, following continuation tokens. */
    public List<S3Object> list(String bucket, String prefix) {
        List<S3Object> objects = new ArrayList<>();
        client.listObjectsV2Paginator(r -> r.bucket(bucket).prefix(prefix)).contents().forEach(objects::add);
        return objects;
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
