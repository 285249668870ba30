package io.s3workload.s3.paths;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.http.SdkHttpMethod;

/**
 * Signs the lean client's requests with AWS Signature Version 4 as S3 wants them: the path encoded once and not
 * normalised, {@code UNSIGNED-PAYLOAD}, credentials from the endpoint's provider (static keys, a profile, or the
 * default chain with its refreshes). Written here rather than borrowed from the SDK, whose signer built a request
 * object, a map per header and a formatted date per request (about a tenth of a small PUT's client CPU); this one
 * reuses a buffer, a digest and a MAC per thread and derives the signing key once a day. {@code RequestSignerTest}
 * holds it to the SDK's signatures byte for byte.
 */
public final class RequestSigner {

    static final String ALGORITHM = "AWS4-HMAC-SHA256";
    static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private final AwsCredentialsProvider credentials;
    private final String region;
    /** The Host header sent and signed: the port only when it is not the scheme's default. */
    private final String hostHeader;
    private final Clock clock;
    /** The key derived for one secret on one day (shared by every thread; replaced the next day). */
    private volatile SigningKey signingKey;
    private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

    RequestSigner(AwsCredentialsProvider credentials, String region, String host, int port, boolean tls) {
        this(credentials, region, host, port, tls, Clock.systemUTC());
    }

    RequestSigner(AwsCredentialsProvider credentials, String region, String host, int port, boolean tls,
                  Clock clock) {
        this.credentials = credentials;
        this.region = region;
        this.hostHeader = port < 0 || port == (tls ? 443 : 80) ? host : host + ":" + port;
        this.clock = clock;
    }

    private record SigningKey(String secret, String day, byte[] key) {
    }

    /** What a thread reuses from one request to the next. */
    private static final class Scratch {
        /** The canonical request, then the string to sign, as the UTF-8 bytes that are hashed. */
        final Utf8Buffer text = new Utf8Buffer();
        final byte[] hash = new byte[32];
        final byte[] signature = new byte[32];
        final MessageDigest sha256;
        final Mac mac;
        byte[] macKey;
        long second = Long.MIN_VALUE;
        String amzDate;
        String day;
        String scope;
        String[] names = new String[8];

        Scratch() {
            try {
                sha256 = MessageDigest.getInstance("SHA-256");
                mac = Mac.getInstance("HmacSHA256");
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("this JDK has no SHA-256", e);
            }
        }

        /**
         * {@code yyyyMMdd'T'HHmmss'Z'} of the clock's second, with its day and the credential scope, made again
         * only when the second changes.
         */
        void date(long epochMillis, String region) {
            long s = Math.floorDiv(epochMillis, 1000);
            if (s != second) {
                second = s;
                LocalDateTime t = LocalDateTime.ofEpochSecond(s, 0, ZoneOffset.UTC);
                amzDate = amzDate(t);
                String today = amzDate.substring(0, 8);
                if (!today.equals(day)) {
                    day = today;
                    scope = day + "/" + region + "/s3/aws4_request";
                }
            }
        }
    }

    /**
     * {@code yyyyMMdd'T'HHmmss'Z'}, digit by digit. Through {@code String.format}, made once a second on every worker,
     * the JDK's format parser reached C2's thresholds 40-55 s into a run of 25 PUTs a second and was compiled in the
     * middle of a benchmark's window (half of C2's work there: docs/performance.md).
     */
    public static String amzDate(LocalDateTime t) {
        char[] c = new char[16];
        digits(c, 0, t.getYear(), 4);
        digits(c, 4, t.getMonthValue(), 2);
        digits(c, 6, t.getDayOfMonth(), 2);
        c[8] = 'T';
        digits(c, 9, t.getHour(), 2);
        digits(c, 11, t.getMinute(), 2);
        digits(c, 13, t.getSecond(), 2);
        c[15] = 'Z';
        return new String(c);
    }

    /** {@code value}'s last {@code width} decimal digits into {@code c} from {@code at}, zero-padded. */
    private static void digits(char[] c, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            c[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    /**
     * A growing byte buffer that text is appended to as UTF-8: ASCII a byte a char in a plain loop, anything else
     * through the JDK's encoder. The signer hashes straight from it, so a request's signature makes no strings and
     * its compiled code stays small (built on a StringBuilder, the method took C2 over half a second to compile,
     * in the middle of a benchmark's measured window: docs/performance.md).
     */
    private static final class Utf8Buffer {
        byte[] bytes = new byte[1024];
        int length;

        void clear() {
            length = 0;
        }

        Utf8Buffer append(String s) {
            return append(s, 0, s.length());
        }

        /** Characters {@code from} to {@code to} of {@code s}, which must not split a surrogate pair. */
        Utf8Buffer append(String s, int from, int to) {
            ensure(to - from);
            byte[] b = bytes;
            int at = length;
            for (int i = from; i < to; i++) {
                char ch = s.charAt(i);
                if (ch >= 0x80) {
                    length = at;
                    return appendEncoded(s.substring(i, to));
                }
                b[at++] = (byte) ch;
            }
            length = at;
            return this;
        }

        /** An ASCII character. */
        Utf8Buffer append(char ch) {
            ensure(1);
            bytes[length++] = (byte) ch;
            return this;
        }

        /** What it holds, as a string. */
        String text() {
            return new String(bytes, 0, length, StandardCharsets.UTF_8);
        }

        /** {@code bytes} as lower-case hex. */
        Utf8Buffer hex(byte[] data) {
            ensure(data.length * 2);
            for (byte x : data) {
                bytes[length++] = HEX[(x >> 4) & 0xF];
                bytes[length++] = HEX[x & 0xF];
            }
            return this;
        }

        private Utf8Buffer appendEncoded(String s) {
            byte[] encoded = s.getBytes(StandardCharsets.UTF_8);
            ensure(encoded.length);
            System.arraycopy(encoded, 0, bytes, length, encoded.length);
            length += encoded.length;
            return this;
        }

        private void ensure(int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(length + more, bytes.length * 2));
            }
        }
    }

    /**
     * Signs a request and writes its head's signed headers (Host, X-Amz-Date, X-Amz-Content-SHA256, the session
     * token, {@code amzHeaders}, Authorization) to {@code c} (a connection's request head), name then value.
     *
     * @param encodedPath the path as sent, percent-encoded
     * @param query       raw (unencoded) query parameters, each name with one value, or an empty map
     * @param amzHeaders  {@code x-amz-*} headers to send, which SigV4 requires to be signed
     */
    void signInto(BiConsumer<String, String> c, SdkHttpMethod method, String encodedPath, Map<String, String> query,
                  Map<String, String> amzHeaders) {
        AwsCredentials identity = credentials.resolveCredentials();
        String token = identity instanceof AwsSessionCredentials session ? session.sessionToken() : null;
        Scratch s = scratch.get();
        s.date(clock.millis(), region);
        String[] names = sortedNames(s, amzHeaders, token != null);
        byte[] hash = canonicalRequestHash(s, method, encodedPath, query, amzHeaders, names, token);
        Utf8Buffer b = s.text;
        b.clear();
        b.append(ALGORITHM).append('\n').append(s.amzDate).append('\n').append(s.scope).append('\n').hex(hash);
        byte[] signature = hmac(s, key(identity.secretAccessKey(), s.day), b);

        b.clear();
        b.append(ALGORITHM).append(" Credential=").append(identity.accessKeyId()).append('/').append(s.scope)
                .append(", SignedHeaders=");
        signedHeaders(b, names);
        b.append(", Signature=").hex(signature);
        String authorization = b.text();
        c.accept("Host", hostHeader);
        c.accept("X-Amz-Date", s.amzDate);
        c.accept("x-amz-content-sha256", UNSIGNED_PAYLOAD);
        if (token != null) {
            c.accept("X-Amz-Security-Token", token);
        }
        amzHeaders.forEach(c);
        c.accept("Authorization", authorization);
    }

    /** SHA-256 of the canonical request: method, path, query, headers, signed headers' names, payload hash. */
    private byte[] canonicalRequestHash(Scratch s, SdkHttpMethod method, String encodedPath, Map<String, String> query,
                                        Map<String, String> amzHeaders, String[] names, String token) {
        Utf8Buffer b = s.text;
        b.clear();
        b.append(method.name()).append('\n').append(encodedPath).append('\n');
        canonicalQuery(b, query);
        b.append('\n');
        for (String name : names) {
            b.append(name).append(':');
            trimmed(b, value(name, amzHeaders, s.amzDate, token));
            b.append('\n');
        }
        b.append('\n');
        signedHeaders(b, names);
        b.append('\n').append(UNSIGNED_PAYLOAD);
        try {
            s.sha256.update(b.bytes, 0, b.length);
            s.sha256.digest(s.hash, 0, s.hash.length);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot hash with SHA-256", e);
        }
        return s.hash;
    }

    /** The signed headers' names joined by {@code ;}. */
    private static void signedHeaders(Utf8Buffer b, String[] names) {
        for (int i = 0; i < names.length; i++) {
            if (i > 0) {
                b.append(';');
            }
            b.append(names[i]);
        }
    }

    /** The signed headers' names, lower-case and sorted. */
    private static String[] sortedNames(Scratch s, Map<String, String> amzHeaders, boolean token) {
        int n = 3 + (token ? 1 : 0) + amzHeaders.size();
        String[] names = n == s.names.length ? s.names : (s.names = new String[n]);
        int i = 0;
        names[i++] = "host";
        names[i++] = "x-amz-content-sha256";
        names[i++] = "x-amz-date";
        if (token) {
            names[i++] = "x-amz-security-token";
        }
        for (String name : amzHeaders.keySet()) {
            names[i++] = name.toLowerCase(Locale.ROOT);
        }
        Arrays.sort(names);
        return names;
    }

    private String value(String name, Map<String, String> amzHeaders, String amzDate, String token) {
        return switch (name) {
            case "host" -> hostHeader;
            case "x-amz-content-sha256" -> UNSIGNED_PAYLOAD;
            case "x-amz-date" -> amzDate;
            case "x-amz-security-token" -> token;
            default -> amzHeader(name, amzHeaders);
        };
    }

    private static String amzHeader(String lowerName, Map<String, String> amzHeaders) {
        String v = amzHeaders.get(lowerName);
        if (v != null) {
            return v;
        }
        for (Map.Entry<String, String> e : amzHeaders.entrySet()) {
            if (e.getKey().equalsIgnoreCase(lowerName)) {
                return e.getValue();
            }
        }
        return "";
    }

    /** The query, each name and value encoded and the pairs sorted (by name, then value), joined by {@code &}. */
    private static void canonicalQuery(Utf8Buffer b, Map<String, String> query) {
        if (query.isEmpty()) {
            return;
        }
        String[] pairs = new String[query.size()];
        int i = 0;
        for (Map.Entry<String, String> e : query.entrySet()) {
            pairs[i++] = UriEncoding.component(e.getKey()) + "=" + UriEncoding.component(e.getValue());
        }
        Arrays.sort(pairs, (x, y) -> { // by name, then value: '=' must sort before any character of a name
            int cx = x.indexOf('=');
            int cy = y.indexOf('=');
            int byName = x.substring(0, cx).compareTo(y.substring(0, cy));
            return byName != 0 ? byName : x.substring(cx + 1).compareTo(y.substring(cy + 1));
        });
        for (i = 0; i < pairs.length; i++) {
            if (i > 0) {
                b.append('&');
            }
            b.append(pairs[i]);
        }
    }

    /** A header value as SigV4 canonicalises it: trimmed, runs of spaces made one. */
    private static void trimmed(Utf8Buffer b, String value) {
        int from = 0;
        int to = value.length();
        while (from < to && value.charAt(from) == ' ') {
            from++;
        }
        while (to > from && value.charAt(to - 1) == ' ') {
            to--;
        }
        int run = from; // the start of the text since the last space written
        for (int i = from; i < to; i++) {
            if (value.charAt(i) == ' ') {
                b.append(value, run, i + 1);
                while (value.charAt(i + 1) == ' ') { // never past the end: the value was trimmed
                    i++;
                }
                run = i + 1;
            }
        }
        b.append(value, run, to);
    }

    /** The signing key of {@code secret} on {@code day}, derived once a day. */
    private byte[] key(String secret, String day) {
        SigningKey k = signingKey;
        if (k == null || !k.day().equals(day) || !k.secret().equals(secret)) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                byte[] key = ("AWS4" + secret).getBytes(StandardCharsets.UTF_8);
                for (String part : new String[] {day, region, "s3", "aws4_request"}) {
                    mac.init(new SecretKeySpec(key, "HmacSHA256"));
                    key = mac.doFinal(part.getBytes(StandardCharsets.UTF_8));
                }
                k = new SigningKey(secret, day, key);
                signingKey = k;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("cannot derive the SigV4 signing key", e);
            }
        }
        return k.key();
    }

    private static byte[] hmac(Scratch s, byte[] key, Utf8Buffer text) {
        try {
            if (s.macKey != key) {
                s.mac.init(new SecretKeySpec(key, "HmacSHA256"));
                s.macKey = key;
            }
            s.mac.update(text.bytes, 0, text.length);
            s.mac.doFinal(s.signature, 0);
            return s.signature;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign with HMAC-SHA256", e);
        }
    }
}
