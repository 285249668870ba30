package io.s3workload.workload.objects;

import io.s3workload.ground.DataSize;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a stage's writes store: what the bodies are made of ({@code data}), and what the server is asked to keep with
 * each object besides its bytes: server-side encryption, a storage class, user metadata, object tags, and the
 * checksum sent with every PUT and part.
 *
 * @param metadata user metadata ({@code x-amz-meta-NAME}), each value fixed or random of a size
 * @param tags     object tags ({@code x-amz-tagging}), the YAML key {@code objectTags}
 * @param data     the bodies: unique, or compressible and deduplicable on purpose
 * @param retention object lock retention set on each object as it is written
 * @param legalHold whether each object is written under a legal hold
 */
public record ObjectSettings(Optional<Sse> sse, Optional<String> storageClass, Map<String, Value> metadata,
                             Map<String, String> tags, Checksum checksum, DataShape data,
                             Optional<Retention> retention, boolean legalHold) {

    public static final ObjectSettings NONE = new ObjectSettings(Optional.empty(), Optional.empty(), Map.of(),
            Map.of(), Checksum.NONE, DataShape.UNIQUE);

    public ObjectSettings(Optional<Sse> sse, Optional<String> storageClass, Map<String, Value> metadata,
                          Map<String, String> tags, Checksum checksum) {
        this(sse, storageClass, metadata, tags, checksum, DataShape.UNIQUE);
    }

    public ObjectSettings(Optional<Sse> sse, Optional<String> storageClass, Map<String, Value> metadata,
                          Map<String, String> tags, Checksum checksum, DataShape data) {
        this(sse, storageClass, metadata, tags, checksum, data, Optional.empty(), false);
    }

    /** Whether the objects are written under object lock (a retention or a legal hold). */
    public boolean locked() {
        return retention.isPresent() || legalHold;
    }

    /**
     * Object lock retention: {@code mode} for {@code period} from each write. Governance retention the run's cleanup
     * bypasses; compliance retention nobody can lift, so the cleanup waits it out (it is kept short).
     */
    public record Retention(Mode mode, Duration period) {

        /** The longest compliance retention a workload may set: the cleanup waits it out. */
        public static final Duration MOST_COMPLIANCE = Duration.ofMinutes(5);

        public enum Mode {
            GOVERNANCE, COMPLIANCE;

            public String key() {
                return name().toLowerCase(Locale.ROOT);
            }
        }
    }

    public ObjectSettings {
        metadata = Map.copyOf(metadata);
        tags = Map.copyOf(tags);
    }

    /** Whether the server is asked to keep nothing but the bytes (whatever they are made of). */
    public boolean isEmpty() {
        return withData(DataShape.UNIQUE).equals(NONE);
    }

    public ObjectSettings withData(DataShape shape) {
        return new ObjectSettings(sse, storageClass, metadata, tags, checksum, shape, retention, legalHold);
    }

    /** Whether the objects are encrypted with a key of the run's (SSE-C), which every request for them must send. */
    public boolean customerKey() {
        return sse.map(s -> s.type() == Sse.Type.C).orElse(false);
    }

    /** Server-side encryption: with S3-managed keys, with KMS (a key id, or the bucket's default), or SSE-C. */
    public record Sse(Type type, Optional<String> kmsKeyId) {

        public enum Type {
            /** {@code x-amz-server-side-encryption: AES256}. */
            S3,
            /** {@code aws:kms}, with {@code kmsKeyId} if given. */
            KMS,
            /** A customer key: one random AES-256 key per run, sent with every request for the objects. */
            C;

            public String key() {
                return name().toLowerCase(Locale.ROOT);
            }
        }
    }

    /** A metadata value: fixed text, or {@code size} random printable characters per object. */
    public sealed interface Value {
        record Fixed(String text) implements Value {
        }

        record Random(DataSize size) implements Value {
        }
    }

    /** The checksum computed over each PUT's (and each part's) bytes and sent with it. */
    public enum Checksum {
        NONE, CRC32, CRC32C, CRC64NVME, SHA1, SHA256, MD5;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static List<String> keys() {
            return Arrays.stream(values()).map(Checksum::key).toList();
        }
    }
}
