package io.s3workload.s3.paths;

import io.s3workload.s3.ClientSetupException;
import io.s3workload.s3.DataPath;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.bucket.BucketStore;
import io.s3workload.s3.bucket.SdkStore;
import io.s3workload.s3.http.Http1Pool;
import io.s3workload.s3.http.HttpProxy;
import io.s3workload.s3.spread.SpreadStore;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.endpoints.ClientSpec;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.Proxies;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpConfigurationOption;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.apache.ProxyConfiguration;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.spi.scheme.AuthSchemeOption;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.profiles.ProfileFileLocation;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.LegacyMd5Plugin;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.auth.scheme.S3AuthSchemeProvider;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;
import software.amazon.awssdk.utils.AttributeMap;

/**
 * Builds the S3 client for an endpoint, tuned for measuring rather than for convenience. The sync client (the
 * default): no retries (a retry
 * would hide latency), checksums only when the operation requires them, no chunked or signed payloads (over
 * plain http too: {@link UnsignedPayloadSigning}), no
 * {@code Expect: 100-continue} round trip, and a connection pool as large as the concurrency.
 */
public final class StoreFactory {

    /** How long a request waits for a pooled connection. */
    private static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(120);

    /** StAX's factory, named: the SDK's XML parser makes one per thread. */
    public static final String XML_INPUT_FACTORY = "javax.xml.stream.XMLInputFactory";

    static {
        // Unnamed, XMLInputFactory.newInstance() looks for a provider through ServiceLoader, reading the jar's
        // META-INF/services under the jar's locks, on every new (virtual) thread that parses a response. Seen on 2
        // cores: two virtual threads pinned while loading classes (JEP 491 still pins there) waited for the jar's
        // lock, held by a thread that waited for a virtual thread reading the jar that no carrier was left to run,
        // and the run never ended. Naming the JDK's own factory (the one ServiceLoader falls back to: this jar
        // ships no other) takes the jar out of each parse.
        if (System.getProperty(XML_INPUT_FACTORY) == null) {
            System.setProperty(XML_INPUT_FACTORY, "com.sun.xml.internal.stream.XMLInputFactoryImpl");
        }
    }

    private StoreFactory() {
    }

    /**
     * One store over the buckets of {@code perBucket}, each key in the one {@link ObjectStore#bucketOf} picks; owns
     * them.
     */
    public static ObjectStore spread(List<ObjectStore> perBucket) {
        return perBucket.size() == 1 ? perBucket.get(0) : new SpreadStore(perBucket);
    }

    /**
     * A client for {@code endpoint} with room for {@code connections} requests at once.
     *
     * @param client which client and checksum behaviour; sharing is the caller's business
     */
    public static ObjectStore create(EndpointSpec endpoint, String bucket, int connections, ClientSettings client) {
        boolean always = client.checksums() == ClientSpec.Checksums.ALWAYS
                && endpoint.compat().flexibleChecksums();
        if (lean(endpoint, client)) {
            return new BucketStore(leanPath(endpoint, bucket, connections, client.timeouts()),
                    sdkStore(endpoint, bucket, connections, false, client.timeouts(), false), () -> { });
        }
        return switch (client.kind()) {
            case HTTP, SYNC -> new BucketStore(sdkStore(endpoint, bucket, connections, always, client.timeouts(),
                    false));
            case CRT -> {
                CrtDataPath crt = CrtDataPath.create(endpoint, bucket, connections, always, credentials(endpoint));
                yield new BucketStore(crt, sdkStore(endpoint, bucket, connections, always, client.timeouts(), true),
                        crt::checkHandshake);
            }
        };
    }

    /**
     * The SDK's synchronous client on {@code endpoint}: a client's data path ({@code client: sync}) and every
     * client's other requests; beside the CRT ({@code withOsStore}) it also trusts the CA bundle the CRT trusts.
     */
    private static SdkStore sdkStore(EndpointSpec endpoint, String bucket, int connections, boolean always,
                                     ClientSettings.Limits timeouts, boolean withOsStore) {
        return new SdkStore(endpoint.name(), bucket, syncClient(endpoint, connections, always, timeouts, withOsStore),
                endpoint.compat().batchDelete());
    }

    /** The lean client's data path, over a pool of {@code connections}. */
    private static DataPath leanPath(EndpointSpec endpoint, String bucket, int connections,
                                     ClientSettings.Limits timeouts) {
        URI url = endpoint.url();
        boolean tls = "https".equalsIgnoreCase(url.getScheme());
        int port = url.getPort() >= 0 ? url.getPort() : tls ? 443 : 80;
        String host = HttpDataPath.host(url, bucket, endpoint.pathStyle());
        Http1Pool pool = new Http1Pool(host, port, TlsContexts.sockets(endpoint),
                endpoint.proxy().map(HttpProxy::of).orElse(null), Math.max(connections, 1),
                (int) timeouts.connect().toMillis(), (int) timeouts.firstByte().toMillis(), ACQUIRE_TIMEOUT.toNanos(), 0);
        RequestSigner signer = new RequestSigner(credentials(endpoint), endpoint.region(), host, port, tls);
        return new HttpDataPath(pool, signer, endpoint.name(), HttpDataPath.pathPrefix(url, bucket,
                endpoint.pathStyle()));
    }

    /**
     * Whether {@code client} on {@code endpoint} takes the lean data path: {@code client: http}, unless checksums
     * are to be computed ({@code checksums: always} on a server that takes them), which only the SDK does. Its
     * blocking reads are interruptible on platform threads too.
     */
    public static boolean lean(EndpointSpec endpoint, ClientSettings client) {
        return client.kind() == ClientSpec.Kind.HTTP
                && !(client.checksums() == ClientSpec.Checksums.ALWAYS
                && endpoint.compat().flexibleChecksums());
    }

    /** The synchronous client exactly as the engine uses it; public for the bare baseline in src/bench. */
    public static S3Client syncClient(EndpointSpec endpoint, int connections, boolean checksumsAlways) {
        return syncClient(endpoint, connections, checksumsAlways, ClientSettings.DEFAULT.timeouts(), false);
    }

    private static S3Client syncClient(EndpointSpec endpoint, int connections, boolean checksumsAlways,
                                       ClientSettings.Limits timeouts, boolean withOsStore) {
        Duration connect = timeouts.connect();
        Duration read = timeouts.firstByte();
        return S3Client.builder()
                .endpointOverride(endpoint.url())
                .region(Region.of(endpoint.region()))
                .forcePathStyle(endpoint.pathStyle())
                .credentialsProvider(credentials(endpoint))
                .httpClientBuilder(trusting(endpoint, withOsStore, ApacheHttpClient.builder()
                        .maxConnections(Math.max(connections, 1))
                        .connectionTimeout(connect)
                        .connectionAcquisitionTimeout(ACQUIRE_TIMEOUT)
                        .socketTimeout(read)
                        .expectContinueEnabled(false)
                        .proxyConfiguration(proxy(endpoint))))
                .requestChecksumCalculation(checksumsAlways ? RequestChecksumCalculation.WHEN_SUPPORTED
                        : RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(checksumsAlways ? ResponseChecksumValidation.WHEN_SUPPORTED
                        : ResponseChecksumValidation.WHEN_REQUIRED)
                // Content-MD5 on the requests that need a checksum (DeleteObjects): servers that still require it
                // would otherwise refuse every cleanup batch
                .addPlugin(LegacyMd5Plugin.create())
                .serviceConfiguration(S3Configuration.builder()
                        .chunkedEncodingEnabled(false)
                        .expectContinueEnabled(false)
                        .build())
                .authSchemeProvider(unsignedPayload(S3AuthSchemeProvider.defaultProvider()))
                .putAuthScheme(new UnsignedPayloadSigning())
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
    }

    /**
     * The endpoint's proxy as resolved from the environment when the workload was loaded ({@link
     * io.s3workload.workload.endpoints.Proxies}), and nothing the SDK would find by itself: it would proxy 127.0.0.1 too.
     */
    private static ProxyConfiguration proxy(EndpointSpec endpoint) {
        ProxyConfiguration.Builder proxy = ProxyConfiguration.builder().useSystemPropertyValues(false)
                .useEnvironmentVariableValues(false);
        endpoint.proxy().ifPresent(uri -> {
            proxy.endpoint(URI.create(Proxies.shown(uri)));
            Proxies.user(uri).ifPresent(user -> proxy.username(user.getKey())
                    .password(user.getValue()).preemptiveBasicAuthenticationEnabled(true));
        });
        return proxy.build();
    }

    /**
     * The Apache client as the endpoint's {@code tls:} asks: its trust managers, or for {@code insecure} no check of
     * certificate or host name (the SDK's TRUST_ALL_CERTIFICATES, which only the client's defaults can carry).
     */
    private static SdkHttpClient.Builder<?> trusting(EndpointSpec endpoint, boolean withOsStore,
                                                     ApacheHttpClient.Builder apache) {
        if (!endpoint.tls().insecure()) {
            return apache.tlsTrustManagersProvider(() -> withOsStore ? TlsContexts.withOsStore(endpoint)
                    : TlsContexts.trustManagers(endpoint));
        }
        return new TrustingEverything(apache);
    }

    private record TrustingEverything(ApacheHttpClient.Builder apache)
            implements SdkHttpClient.Builder<TrustingEverything> {
        private static final AttributeMap TRUST_ALL = AttributeMap.builder()
                .put(SdkHttpConfigurationOption.TRUST_ALL_CERTIFICATES, Boolean.TRUE).build();

        @Override
        public SdkHttpClient buildWithDefaults(AttributeMap defaults) {
            return apache.buildWithDefaults(TRUST_ALL.merge(defaults));
        }
    }

    /**
     * Presigned GET URLs for {@code keys} of {@code bucket} on {@code endpoint}, valid for {@code validity}: URLs
     * that carry their own signature, for plain HTTP clients. They hold a credential; never print them whole.
     */
    public static List<URI> presignedGets(EndpointSpec endpoint, String bucket, List<String> keys, Duration validity) {
        try (S3Presigner presigner = S3Presigner.builder()
                .endpointOverride(endpoint.url())
                .region(Region.of(endpoint.region()))
                .credentialsProvider(credentials(endpoint))
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(endpoint.pathStyle()).build())
                .build()) {
            List<URI> urls = new ArrayList<>(keys.size());
            for (String key : keys) {
                urls.add(URI.create(presigner.presignGetObject(r -> r.signatureDuration(validity)
                        .getObjectRequest(g -> g.bucket(bucket).key(key))).url().toString()));
            }
            return urls;
        }
    }

    private static S3AuthSchemeProvider unsignedPayload(S3AuthSchemeProvider base) {
        return params -> {
            List<AuthSchemeOption> options = base.resolveAuthScheme(params);
            return options.stream()
                    .map(o -> o.toBuilder().putSignerProperty(AwsV4FamilyHttpSigner.PAYLOAD_SIGNING_ENABLED, false)
                            .build())
                    .toList();
        };
    }

    static AwsCredentialsProvider credentials(EndpointSpec endpoint) {
        return switch (endpoint.credentials()) {
            case CredentialsSpec.DefaultChain d -> DefaultCredentialsProvider.builder().build();
            case CredentialsSpec.Profile p -> {
                requireProfile(endpoint.name(), p.name());
                yield ProfileCredentialsProvider.create(p.name());
            }
            case CredentialsSpec.Static s -> StaticCredentialsProvider.create(s.sessionToken() == null
                    ? AwsBasicCredentials.create(s.accessKey(), s.secretKey())
                    : AwsSessionCredentials.create(s.accessKey(), s.secretKey(), s.sessionToken()));
        };
    }

    /** A profile the AWS files do not have fails here, naming the files read, not at the first request. */
    private static void requireProfile(String endpoint, String profile) {
        ProfileFile files = ProfileFile.defaultProfileFile();
        if (files.profile(profile).isPresent()) {
            return;
        }
        String credentialsFile = describe(ProfileFileLocation.credentialsFilePath());
        String configFile = describe(ProfileFileLocation.configurationFilePath());
        String known = files.profiles().isEmpty() ? "none" : String.join(", ", new TreeSet<>(files.profiles().keySet()));
        throw new ClientSetupException("endpoint '" + endpoint + "': credentials profile '" + profile
                + "' was not found in " + credentialsFile + " or " + configFile + " (AWS_SHARED_CREDENTIALS_FILE and"
                + " AWS_CONFIG_FILE name other files); profiles there: " + known);
    }

    private static String describe(Path file) {
        return Files.isReadable(file) ? file.toString() : file + " (missing)";
    }
}
