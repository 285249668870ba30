package io.s3workload.s3;

import io.s3workload.s3.http.Http1Connection;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;

/**
 * Signs the lean client's requests with the AWS SDK's own SigV4 signer (which caches derived signing keys), as S3
 * wants them: the path encoded once and not normalised, {@code UNSIGNED-PAYLOAD}, credentials from the endpoint's
 * provider (static keys, a profile, or the default chain with its refreshes). The signer is handed an https view of
 * the request — the scheme is not part of what is signed — because it hashes the whole body over plain http.
 */
final class RequestSigner {

    private static final AwsV4HttpSigner V4 = AwsV4HttpSigner.create();

    private final AwsCredentialsProvider credentials;
    private final String region;
    private final String host;
    /** The port the signer sees: the Host header it adds must be the one sent, so http's 80 becomes https's 443. */
    private final int signingPort;

    RequestSigner(AwsCredentialsProvider credentials, String region, String host, int port, boolean tls) {
        this.credentials = credentials;
        this.region = region;
        this.host = host;
        this.signingPort = !tls && port == 80 ? 443 : port;
    }

    /**
     * Signs a request and writes its head's signed headers (Host, X-Amz-Date, X-Amz-Content-SHA256, the session
     * token, Authorization, and {@code amzHeaders}) to {@code c}.
     *
     * @param encodedPath the path as sent, percent-encoded
     * @param query       raw (unencoded) query parameters, each name with one value, or an empty map
     * @param amzHeaders  {@code x-amz-*} headers to send, which SigV4 requires to be signed
     */
    void signInto(Http1Connection c, SdkHttpMethod method, String encodedPath, Map<String, String> query,
                  Map<String, String> amzHeaders) {
        SdkHttpRequest.Builder request = SdkHttpRequest.builder()
                .method(method)
                .protocol("https")
                .host(host)
                .port(signingPort)
                .encodedPath(encodedPath);
        query.forEach(request::putRawQueryParameter);
        amzHeaders.forEach(request::putHeader);
        SignedRequest signed = V4.sign(r -> r.identity(credentials.resolveCredentials())
                .request(request.build())
                .putProperty(AwsV4FamilyHttpSigner.SERVICE_SIGNING_NAME, "s3")
                .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                .putProperty(AwsV4FamilyHttpSigner.DOUBLE_URL_ENCODE, false)
                .putProperty(AwsV4FamilyHttpSigner.NORMALIZE_PATH, false)
                .putProperty(AwsV4FamilyHttpSigner.PAYLOAD_SIGNING_ENABLED, false));
        signed.request().forEachHeader((name, values) -> writeHeader(c, name, values));
    }

    private static void writeHeader(Http1Connection c, String name, List<String> values) {
        for (String value : values) {
            c.header(name, value);
        }
    }
}
