package io.s3workload.s3.paths;

import io.s3workload.s3.ClientSetupException;
import io.s3workload.s3.DataPath;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.ObjectStore.ObjectInfo;
import io.s3workload.s3.RequestHeaders;
import io.s3workload.s3.RequestTrace;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.bucket.S3Requests;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.Proxies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * {@link ObjectStore} over the AWS CRT-based async S3 client, each call awaited on the calling virtual thread.
 * Its automatic multipart upload is turned off (the engine does multipart and parallel ranges itself, as for the
 * sync client); it still splits GETs of more than 8 MiB into 8 MiB parts.
 */
final class CrtDataPath implements DataPath {

    /**
     * The CRT's part size: GETs up to this size are one request; larger ones the CRT splits into parts of this
     * size itself. It buffers whole parts in native memory, so larger parts made it throttle: GET 10 MiB at 16
     * workers went from 311 MiB/s with 64 MiB parts to 846 MiB/s with 8 MiB (its default).
     */
    private static final long PART_BYTES = 8L * 1024 * 1024;

    private final String endpointName;
    /** Where its requests go ({@code host:port} of the endpoint's URL), for the ops log. */
    private final String host;
    private final String bucket;
    private final S3AsyncClient s3;
    /** Added to every request (a view's, such as SSE-C's; none by default). */
    private final RequestHeaders added;
    /** Whether closing this store closes the client (not for a view that shares it). */
    private final boolean owner;
    /** A prompt check of the server's certificate (the CRT's own failure takes about 40 s and gives no reason). */
    private final Optional<CrtHandshakeCheck> handshake;

    private CrtDataPath(String endpointName, String bucket, S3AsyncClient s3, RequestHeaders added,
                        boolean owner, Optional<CrtHandshakeCheck> handshake) {
        this.handshake = handshake;
        this.endpointName = endpointName;
        this.host = RequestTrace.hostOf(s3.serviceClientConfiguration().endpointOverride().orElse(null));
        this.bucket = bucket;
        this.s3 = s3;
        this.added = added;
        this.owner = owner;
    }

    @Override
    public DataPath withHeaders(RequestHeaders added, boolean owning) {
        return new CrtDataPath(endpointName, bucket, s3, added, owning && owner, handshake);
    }

    /** Adds {@code headers} and those this path adds to every request. */
    private Consumer<AwsRequestOverrideConfiguration.Builder> headers(Map<String, String> headers) {
        return S3Requests.headers(headers, added);
    }

    static CrtDataPath create(EndpointSpec endpoint, String bucket, int connections, boolean checksumsAlways,
                              AwsCredentialsProvider credentials) {
        requireNativeLibrary();
        if (endpoint.tls().caCert().isPresent()) {
            throw new ClientSetupException("endpoint '" + endpoint.name() + "': client: crt does not take tls.caCert"
                    + " (the CRT reads the operating system's CA store, not Java's); add the CA there, or use"
                    + " client: http or sync");
        }
        S3AsyncClient client = S3AsyncClient.crtBuilder()
                .endpointOverride(endpoint.url())
                .region(Region.of(endpoint.region()))
                .forcePathStyle(endpoint.pathStyle())
                .credentialsProvider(credentials)
                .maxConcurrency(Math.max(connections, 1))
                .thresholdInBytes(Long.MAX_VALUE)
                .minimumPartSizeInBytes(PART_BYTES)
                .requestChecksumCalculation(checksumsAlways ? RequestChecksumCalculation.WHEN_SUPPORTED
                        : RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(checksumsAlways ? ResponseChecksumValidation.WHEN_SUPPORTED
                        : ResponseChecksumValidation.WHEN_REQUIRED)
                .retryConfiguration(r -> r.numRetries(ErrorClassifier.CRT_RETRIES))
                .httpConfiguration(h -> h.trustAllCertificatesEnabled(endpoint.tls().insecure())
                        .proxyConfiguration(p -> {
                            // only the proxy resolved when the workload was loaded (never for loopback)
                            p.useEnvironmentVariableValues(false).useSystemPropertyValues(false);
                            endpoint.proxy().ifPresent(uri -> {
                                p.host(uri.getHost()).port(uri.getPort() >= 0 ? uri.getPort() : 80)
                                        .scheme(uri.getScheme());
                                Proxies.user(uri).ifPresent(user -> p.username(
                                        user.getKey()).password(user.getValue()));
                            });
                        }))
                .futureCompletionExecutor(Runnable::run)
                .build();
        return new CrtDataPath(endpoint.name(), bucket, client, RequestHeaders.NONE, true,
                CrtHandshakeCheck.of(endpoint, bucket));
    }

    /**
     * The CRT's native library is looked up as {@code <os>/<arch>[/<libc>]/libaws-crt-jni.so} in the jar, and the
     * slim jar carries Linux x86_64 and aarch64 (glibc) only (docs/install.md). Missing, the CRT would print its own
     * stack trace and fail; this names the platform and the ways out instead.
     */
    private static void requireNativeLibrary() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        String osDir = os.contains("linux") ? "linux" : os.contains("mac") || os.contains("darwin") ? "osx"
                : os.contains("windows") ? "windows" : os;
        String archDir = switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "armv8";
            default -> arch;
        };
        String dir = osDir + "/" + archDir;
        if (osDir.equals("linux")) {
            String libc = System.getProperty("aws.crt.libc", musl() ? "musl" : "glibc");
            dir += "/" + libc;
        }
        String library = dir + "/" + System.mapLibraryName("aws-crt-jni");
        if (CrtDataPath.class.getResource("/" + library) == null) {
            throw new ClientSetupException("client: crt needs the AWS CRT's native library for this platform ("
                    + library + "), which this build of s3workload leaves out (it carries Linux x86_64 and aarch64"
                    + " with glibc). Use client: http or sync, or build the jar with ./mvnw package -Pall-platforms.");
        }
    }

    private static boolean musl() {
        try (var files = Files.list(Path.of("/lib"))) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("ld-musl-"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public String endpointName() {
        return endpointName;
    }

    /**
     * A prompt look at the server's certificate as the CRT will judge it, before the bucket check (the CRT's own
     * failure takes about 40 s and gives no reason); nothing where no check applies.
     */
    void checkHandshake() {
        handshake.ifPresent(CrtHandshakeCheck::verify);
    }

    /** The CRT's first request, unmeasured: a HeadBucket, which also names a refused certificate promptly. */
    @Override
    public void prime() {
        try {
            s3.headBucket(b -> b.bucket(bucket)).join();
        } catch (CompletionException e) {
            StoreException failure = ErrorClassifier.bucketCheck(e.getCause() != null ? e.getCause() : e,
                    endpointName, bucket);
            if (failure.errorClass().equals(ErrorClassifier.TLS_ERROR)) {
                handshake.ifPresent(CrtHandshakeCheck::verify); // the reason the CRT does not give, if it is ours
            }
            throw failure;
        }
    }

    @Override
    public String put(String key, Payload.Body body, ObjectWrite write) {
        Map<String, String> headers = write.putHeaders(body);
        return await(key, () -> s3.putObject(r -> r.bucket(bucket).key(key).contentLength(body.length())
                .overrideConfiguration(headers(headers)), new PayloadPublisher(body))).eTag();
    }

    @Override
    public String uploadPart(String key, String uploadId, int partNumber, Payload.Body body,
                             Map<String, String> checksum) {
        return await(key, () -> s3.uploadPart(r -> r.bucket(bucket).key(key).uploadId(uploadId)
                .partNumber(partNumber).contentLength(body.length()).overrideConfiguration(headers(checksum)),
                new PayloadPublisher(body))).eTag();
    }

    @Override
    public void get(String key, byte[] buffer, ReadTiming timing) {
        read(key, () -> s3.getObject(GetObjectRequest.builder().bucket(bucket).key(key)
                        .overrideConfiguration(headers(Map.of())).checksumMode(timing.validateChecksum
                                ? ChecksumMode.ENABLED : null).build(),
                new DrainingTransformer(timing, buffer, RequestTrace.current())));
    }

    @Override
    public void getRange(String key, long start, long length, byte[] buffer, ReadTiming timing) {
        String range = S3Requests.range(start, length);
        read(key, () -> {
            RequestTrace.current().range(range);
            return s3.getObject(GetObjectRequest.builder().bucket(bucket).key(key).range(range)
                    .overrideConfiguration(headers(Map.of())).build(),
                    new DrainingTransformer(timing, buffer, RequestTrace.current()));
        });
    }

    @Override
    public Optional<ObjectInfo> head(String key) {
        RequestTrace trace = RequestTrace.current();
        trace.begin(endpointName, host, key);
        try {
            HeadObjectResponse r = trace.answered(s3.headObject(b -> b.bucket(bucket).key(key)
                    .overrideConfiguration(headers(Map.of()))).join());
            return Optional.of(new ObjectInfo(r.contentLength(), r.eTag(), r.metadata()));
        } catch (CompletionException e) {
            trace.failed(e);
            if (e.getCause() instanceof NoSuchKeyException
                    || e.getCause() instanceof S3Exception s && s.statusCode() == 404) {
                return Optional.empty();
            }
            throw ErrorClassifier.headFailure(e.getCause(), endpointName).withKey(key);
        }
    }

    @Override
    public void delete(String key) {
        await(key, () -> s3.deleteObject(r -> r.bucket(bucket).key(key)));
    }

    /**
     * Sends a request on {@code key} and waits for its answer, noting its status and the server's ids in the
     * thread's {@link RequestTrace}.
     */
    private <R extends SdkResponse> R await(String key,
                                                                        Supplier<CompletableFuture<R>> request) {
        RequestTrace trace = RequestTrace.current();
        trace.begin(endpointName, host, key);
        return trace.answered(await(trace, request.get()));
    }

    /** A GET on {@code key}, its answer noted in the trace by its {@link DrainingTransformer}. */
    private void read(String key, Supplier<CompletableFuture<Void>> request) {
        RequestTrace trace = RequestTrace.current();
        trace.begin(endpointName, host, key);
        await(trace, request.get());
    }

    /** Waits for the request; an interrupt (the watchdog's {@code timeouts.total}) cancels it. */
    private <T> T await(RequestTrace trace, CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (ExecutionException | CompletionException e) {
            trace.failed(e);
            throw ErrorClassifier.classify(e.getCause() != null ? e.getCause() : e, endpointName);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new StoreException(StoreException.Kind.TIMEOUT, "interrupted", endpointName + ": interrupted", null);
        } catch (RuntimeException e) {
            throw ErrorClassifier.classify(e, endpointName);
        }
    }

    @Override
    public void close() {
        if (owner) {
            s3.close();
        }
    }
}
