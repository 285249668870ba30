package io.s3workload.s3.data;

import io.s3workload.workload.objects.ObjectSettings;
import io.s3workload.workload.objects.ObjectSettings.Checksum;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.checksums.DefaultChecksumAlgorithm;
import software.amazon.awssdk.checksums.SdkChecksum;
import software.amazon.awssdk.checksums.spi.ChecksumAlgorithm;

/**
 * The headers one object's write sends besides its body, the same for every client: {@code headers} (user metadata,
 * storage class, encryption, tags, retention) on the PUT or CreateMultipartUpload, a {@code checksum} computed over
 * the bytes of the PUT or of each part, and a {@code condition} ({@code If-None-Match}, {@code If-Match}) on the PUT
 * or on the CompleteMultipartUpload, where the store decides whether the object is stored. SSE-C keys are not here:
 * a view of the store sends them on every request ({@link ObjectStore#withHeaders}, {@link CustomerKey#requestHeaders}).
 */
public record ObjectWrite(Map<String, String> headers, Checksum checksum, Map<String, String> condition) {

    public static final ObjectWrite NONE = new ObjectWrite(Map.of(), Checksum.NONE);
    /** Create only: the store refuses (412) when the key has an object. */
    public static final Map<String, String> IF_NONE_MATCH = Map.of("If-None-Match", "*");

    public ObjectWrite {
        headers = Map.copyOf(headers);
        condition = Map.copyOf(condition);
    }

    public ObjectWrite(Map<String, String> headers, Checksum checksum) {
        this(headers, checksum, Map.of());
    }

    /** This write with one more header ({@code x-amz-write-offset-bytes} of an append). */
    public ObjectWrite withHeader(String name, String value) {
        return new ObjectWrite(with(headers, Map.of(name, value)), checksum, condition);
    }

    /** This write, stored only where {@code condition} holds ({@link #IF_NONE_MATCH}, {@link #ifMatch}). */
    public ObjectWrite when(Map<String, String> condition) {
        return new ObjectWrite(headers, checksum, condition);
    }

    /** Stored only over the object of ETag {@code etag} (quoted as the store gave it). */
    public static Map<String, String> ifMatch(String etag) {
        return Map.of("If-Match", etag);
    }

    /** A write of user metadata only ({@code x-amz-meta-NAME: value}). */
    public static ObjectWrite metadata(Map<String, String> metadata) {
        Map<String, String> headers = new LinkedHashMap<>();
        metadata.forEach((name, value) -> headers.put("x-amz-meta-" + name.toLowerCase(Locale.ROOT), value));
        return new ObjectWrite(headers, Checksum.NONE);
    }

    /**
     * The write {@code settings} make for {@code objectKey}: random metadata values are drawn from a hash of key and
     * seed, so they are the same in every run with that seed.
     */
    public static ObjectWrite of(ObjectSettings settings, Payload payload, String objectKey) {
        return settings.isEmpty() ? NONE : of(settings, payload.hash(objectKey), Map.of());
    }

    static ObjectWrite of(ObjectSettings settings, long objectHash, Map<String, String> extra) {
        if (settings.isEmpty()) {
            return extra.isEmpty() ? NONE : metadata(extra);
        }
        Map<String, String> headers = new LinkedHashMap<>(metadata(extra).headers());
        settings.metadata().forEach((name, value) -> headers.put("x-amz-meta-" + name.toLowerCase(Locale.ROOT),
                switch (value) {
                    case ObjectSettings.Value.Fixed fixed -> fixed.text();
                    case ObjectSettings.Value.Random random -> randomText(name.hashCode() ^ objectHash,
                            (int) random.size().bytes());
                }));
        settings.storageClass().ifPresent(c -> headers.put("x-amz-storage-class", c));
        settings.sse().ifPresent(sse -> {
            switch (sse.type()) {
                case S3 -> headers.put("x-amz-server-side-encryption", "AES256");
                case KMS -> {
                    headers.put("x-amz-server-side-encryption", "aws:kms");
                    sse.kmsKeyId().ifPresent(id -> headers.put("x-amz-server-side-encryption-aws-kms-key-id", id));
                }
                case C -> {
                    // sent by the store made with the run's customer key, on every request
                }
            }
        });
        settings.retention().ifPresent(r -> {
            headers.put("x-amz-object-lock-mode", r.mode().name());
            // whole seconds, as S3 keeps them: the date is when this write is sent, plus the period
            headers.put("x-amz-object-lock-retain-until-date", Instant.now().plus(r.period())
                    .truncatedTo(ChronoUnit.SECONDS).toString());
        });
        if (settings.legalHold()) {
            headers.put("x-amz-object-lock-legal-hold", "ON");
        }
        if (!settings.tags().isEmpty()) {
            StringBuilder tagging = new StringBuilder();
            settings.tags().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> tagging
                    .append(tagging.isEmpty() ? "" : "&").append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8))
                    .append('=').append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8).replace("+", "%20")));
            headers.put("x-amz-tagging", tagging.toString());
        }
        return new ObjectWrite(headers, settings.checksum());
    }

    /** The headers of a PutObject of {@code body}: these, and its checksum. */
    public Map<String, String> putHeaders(Payload.Body body) {
        Map<String, String> all = checksum == Checksum.NONE ? headers : with(headers, checksumHeaders(body));
        return condition.isEmpty() ? all : with(all, condition);
    }

    /** The headers of a CreateMultipartUpload: these, and the checksum algorithm its parts will carry. */
    public Map<String, String> createHeaders() {
        if (checksum == Checksum.NONE || checksum == Checksum.MD5) {
            return headers;
        }
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put("x-amz-checksum-algorithm", checksum.name());
        if (checksum == Checksum.CRC64NVME) {
            all.put("x-amz-checksum-type", "FULL_OBJECT");
        }
        return all;
    }

    /** The checksum header of one part or PUT body ({@code x-amz-checksum-ALG}, or {@code Content-MD5}). */
    public Map<String, String> checksumHeaders(Payload.Body body) {
        if (checksum == Checksum.NONE) {
            return Map.of();
        }
        return Map.of(checksumHeader(checksum), checksumOf(checksum, body));
    }

    /** {@code x-amz-checksum-crc32} and so on; {@code Content-MD5} for MD5. */
    public static String checksumHeader(Checksum checksum) {
        return checksum == Checksum.MD5 ? "Content-MD5" : "x-amz-checksum-" + checksum.key();
    }

    /** The base64 checksum of {@code body}, read straight from the payload block (no copy). */
    public static String checksumOf(Checksum checksum, Payload.Body body) {
        SdkChecksum sum = SdkChecksum.forAlgorithm(algorithm(checksum));
        try {
            body.writeTo(new OutputStream() {
                @Override
                public void write(int b) {
                    sum.update(b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    sum.update(b, off, len);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the payload is in memory: cannot happen
        }
        return Base64.getEncoder().encodeToString(sum.getChecksumBytes());
    }

    private static ChecksumAlgorithm algorithm(Checksum checksum) {
        return switch (checksum) {
            case CRC32 -> DefaultChecksumAlgorithm.CRC32;
            case CRC32C -> DefaultChecksumAlgorithm.CRC32C;
            case CRC64NVME -> DefaultChecksumAlgorithm.CRC64NVME;
            case SHA1 -> DefaultChecksumAlgorithm.SHA1;
            case SHA256 -> DefaultChecksumAlgorithm.SHA256;
            case MD5 -> DefaultChecksumAlgorithm.MD5;
            case NONE -> throw new IllegalArgumentException("no checksum");
        };
    }

    /** {@code length} printable ASCII characters drawn from {@code seed}. */
    static String randomText(long seed, int length) {
        char[] text = new char[length];
        long x = seed ^ 0x9E3779B97F4A7C15L;
        x = x == 0 ? 1 : x;
        for (int i = 0; i < length; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            text[i] = (char) ('a' + Math.floorMod(x, 26));
        }
        return new String(text);
    }

    private static Map<String, String> with(Map<String, String> a, Map<String, String> b) {
        Map<String, String> all = new LinkedHashMap<>(a);
        all.putAll(b);
        return all;
    }
}
