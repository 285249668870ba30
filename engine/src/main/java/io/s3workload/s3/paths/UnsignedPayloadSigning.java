package io.s3workload.s3.paths;

import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.scheme.AwsV4AuthScheme;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.scheme.AuthScheme;
import software.amazon.awssdk.http.auth.spi.signer.AsyncSignRequest;
import software.amazon.awssdk.http.auth.spi.signer.AsyncSignedRequest;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignRequest;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.IdentityProvider;
import software.amazon.awssdk.identity.spi.IdentityProviders;

/**
 * SigV4 with {@code UNSIGNED-PAYLOAD} over plain HTTP too. The SDK's signer always hashes the body (SHA-256, ~7.6 ms
 * of CPU per 10 MiB) when the scheme is http, which makes a benchmark's client, not the storage, the bottleneck on
 * local and in-cluster endpoints. The canonical request does not contain the scheme, so this signer signs an https
 * view of the request (default port mapped so the Host header is unchanged) and sends the result over http.
 */
final class UnsignedPayloadSigning implements AuthScheme<AwsCredentialsIdentity> {

    private static final AwsV4HttpSigner V4 = AwsV4HttpSigner.create();

    @Override
    public String schemeId() {
        return AwsV4AuthScheme.SCHEME_ID;
    }

    @Override
    public IdentityProvider<AwsCredentialsIdentity> identityProvider(IdentityProviders providers) {
        return providers.identityProvider(AwsCredentialsIdentity.class);
    }

    @Override
    public HttpSigner<AwsCredentialsIdentity> signer() {
        return new Signer();
    }

    private static final class Signer implements HttpSigner<AwsCredentialsIdentity> {

        @Override
        public SignedRequest sign(SignRequest<? extends AwsCredentialsIdentity> request) {
            SdkHttpRequest original = request.request();
            if (!applies(original)) {
                return V4.sign(request);
            }
            SignedRequest signed = V4.sign(request.copy(b -> b.request(asHttps(original))
                    .putProperty(AwsV4FamilyHttpSigner.PAYLOAD_SIGNING_ENABLED, false)));
            return signed.copy(b -> b.request(signed.request().toBuilder().protocol("http").port(original.port())
                    .build()));
        }

        @Override
        public CompletableFuture<AsyncSignedRequest> signAsync(AsyncSignRequest<? extends AwsCredentialsIdentity> r) {
            return V4.signAsync(r);
        }

        /** http on port 443 would need a Host header with the port in one view and not the other. */
        private static boolean applies(SdkHttpRequest request) {
            return "http".equals(request.protocol()) && request.port() != 443;
        }

        private static SdkHttpRequest asHttps(SdkHttpRequest request) {
            return request.toBuilder().protocol("https").port(request.port() == 80 ? 443 : request.port()).build();
        }
    }
}
