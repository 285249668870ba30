package io.s3workload.s3.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.testing.QuickTier;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;

/**
 * The lean client's SigV4 signer against the AWS SDK's own, byte for byte: the same headers with the same values
 * (Authorization above all) for requests with and without a query, x-amz headers, a session token, odd keys, default
 * and other ports, at a fixed instant. Servers check the signatures in every other test; this names a difference.
 */
@Tag(QuickTier.TAG)
class RequestSignerTest {

    private static final Instant AT = Instant.parse("2026-11-27T08:09:10.123Z");
    private static final AwsCredentials KEYS = AwsBasicCredentials.create("AKIDEXAMPLE", "wJalr/XUtnFEMI+K7MDENG");
    private static final AwsCredentials SESSION = AwsSessionCredentials.create("ASIAEXAMPLE", "secret/with+signs",
            "FwoGZXIvYXdzE//token==");

    record Case(String name, SdkHttpMethod method, String path, Map<String, String> query, Map<String, String> amz,
                AwsCredentials credentials, String host, int port, boolean tls) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() {
        Map<String, String> sseC = new LinkedHashMap<>();
        sseC.put("x-amz-server-side-encryption-customer-algorithm", "AES256");
        sseC.put("x-amz-server-side-encryption-customer-key", "MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDE=");
        sseC.put("x-amz-server-side-encryption-customer-key-MD5", "zZ5FnqcIqUjVwvWmyog4zw==");
        return List.of(
                new Case("GET on port 9000", SdkHttpMethod.GET, "/bucket/run/k-000001", Map.of(), Map.of(), KEYS,
                        "127.0.0.1", 9000, false),
                new Case("PUT on http's port 80", SdkHttpMethod.PUT, "/bucket/a%20b/%E2%82%AC", Map.of(), Map.of(),
                        KEYS, "s3.local", 80, false),
                new Case("HEAD on https's 443", SdkHttpMethod.HEAD, "/k", Map.of(), Map.of(), KEYS,
                        "bucket.s3.example.com", 443, true),
                new Case("UploadPart's query", SdkHttpMethod.PUT, "/b/big", Map.of("uploadId",
                        "2~abc/def+ghi=", "partNumber", "12"), Map.of(), KEYS, "127.0.0.1", 9000, false),
                new Case("checksum mode", SdkHttpMethod.GET, "/b/k", Map.of(), Map.of("x-amz-checksum-mode",
                        "ENABLED"), KEYS, "127.0.0.1", 9000, false),
                new Case("SSE-C headers, mixed case", SdkHttpMethod.PUT, "/b/k", Map.of(), sseC, KEYS, "localhost",
                        8443, true),
                new Case("conditional and spaced values", SdkHttpMethod.PUT, "/b/k", Map.of(),
                        Map.of("x-amz-meta-note", "  two   spaces  ", "x-amz-checksum-crc32", "AAAAAA=="), KEYS,
                        "127.0.0.1", 9000, false),
                new Case("non-ASCII values, a surrogate pair among runs of spaces", SdkHttpMethod.PUT, "/b/k",
                        Map.of("tag", "caf\u00e9 \ud83d\ude00"), Map.of("x-amz-meta-name", " Zo\u00eb  \ud83d\ude00   x "),
                        KEYS, "127.0.0.1", 9000, false),
                new Case("session token", SdkHttpMethod.DELETE, "/b/k~1.x_y-z", Map.of(), Map.of(), SESSION,
                        "127.0.0.1", 9000, false));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void signsAsTheSdkDoes(Case c) {
        Map<String, String> ours = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        new RequestSigner(StaticCredentialsProvider.create(c.credentials()), "eu-west-3", c.host(), c.port(),
                c.tls(), Clock.fixed(AT, ZoneOffset.UTC)).signInto(ours::put, c.method(), c.path(), c.query(),
                c.amz());

        SdkHttpRequest.Builder request = SdkHttpRequest.builder().method(c.method()).protocol("https").host(c.host())
                .port(!c.tls() && c.port() == 80 ? 443 : c.port()).encodedPath(c.path());
        c.query().forEach(request::putRawQueryParameter);
        c.amz().forEach(request::putHeader);
        Map<String, String> sdk = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        AwsV4HttpSigner.create().sign(r -> r.identity(c.credentials()).request(request.build())
                .putProperty(AwsV4FamilyHttpSigner.SERVICE_SIGNING_NAME, "s3")
                .putProperty(AwsV4HttpSigner.REGION_NAME, "eu-west-3")
                .putProperty(AwsV4FamilyHttpSigner.DOUBLE_URL_ENCODE, false)
                .putProperty(AwsV4FamilyHttpSigner.NORMALIZE_PATH, false)
                .putProperty(AwsV4FamilyHttpSigner.PAYLOAD_SIGNING_ENABLED, false)
                .putProperty(HttpSigner.SIGNING_CLOCK, Clock.fixed(AT, ZoneOffset.UTC)))
                .request().forEachHeader((name, values) -> sdk.put(name, String.join(",", values)));

        assertEquals(sdk.get("Authorization"), ours.get("Authorization"));
        assertEquals(sdk, ours);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"2026-11-27T08:09:10Z", "2027-01-01T00:00:00Z",
            "2030-12-31T23:59:59Z", "1999-09-09T09:09:09Z", "2026-02-28T12:30:05Z"})
    void amzDateIsTheSdksFormat(String at) {
        java.time.LocalDateTime t = java.time.LocalDateTime.ofInstant(Instant.parse(at), ZoneOffset.UTC);
        assertEquals(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").format(t),
                RequestSigner.amzDate(t));
    }
}
