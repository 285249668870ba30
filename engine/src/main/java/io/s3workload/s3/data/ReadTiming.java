package io.s3workload.s3.data;

import java.nio.ByteBuffer;
import java.util.Base64;
import software.amazon.awssdk.checksums.DefaultChecksumAlgorithm;
import software.amazon.awssdk.checksums.SdkChecksum;
import software.amazon.awssdk.checksums.spi.ChecksumAlgorithm;

/**
 * Per-worker, reused holder for what one GET measured and, when verifying, found; avoids an allocation per
 * operation. Set {@link #expect(Payload.Body)} before a verified read.
 */
public final class ReadTiming {

    public long firstByteNanos;
    long bytes;
    Expected expected;
    long mismatchAt = -1;
    /** Whether the next read asks the server for the object's checksum and checks the body against it. */
    public boolean validateChecksum;
    private Checksum checksum = Checksum.NOT_ASKED;
    private SdkChecksum running;
    private String expectedChecksum;

    /** What became of a read's checksum validation. */
    public enum Checksum {
        /** Not asked for. */
        NOT_ASKED,
        /** The body matched the object's checksum the server sent. */
        VALID,
        /** The body did not match it. */
        MISMATCH,
        /** The server sent no whole-object checksum (none stored, or a multipart object's composite one). */
        NONE_SENT
    }

    /** Ask the server for the object's checksum with the next reads, and check the body against it. */
    public void validateChecksum(boolean validate) {
        this.validateChecksum = validate;
    }

    public Checksum checksum() {
        return checksum;
    }

    /**
     * The server's checksum of the object ({@code algorithm} as in {@code x-amz-checksum-ALG}, null when it sent
     * none): a whole-object one is computed over the body as it is read.
     */
    public void checksumSent(String algorithm, String value) {
        if (!validateChecksum) {
            return;
        }
        ChecksumAlgorithm known = algorithm == null ? null
                : switch (algorithm) {
                    case "crc32" -> DefaultChecksumAlgorithm.CRC32;
                    case "crc32c" -> DefaultChecksumAlgorithm.CRC32C;
                    case "crc64nvme" -> DefaultChecksumAlgorithm.CRC64NVME;
                    case "sha1" -> DefaultChecksumAlgorithm.SHA1;
                    case "sha256" -> DefaultChecksumAlgorithm.SHA256;
                    default -> null;
                };
        if (known == null || value == null || value.contains("-")) {
            checksum = Checksum.NONE_SENT;
            return;
        }
        running = SdkChecksum.forAlgorithm(known);
        expectedChecksum = value;
    }

    /** For clients that validate themselves (the SDK's): whether a whole-object checksum came and was checked. */
    public void checksumValidatedByClient(boolean validated) {
        if (validateChecksum) {
            checksum = validated ? Checksum.VALID : Checksum.NONE_SENT;
        }
    }
    public String etag;

    /**
     * Bytes a read is checked against: an object's body ({@link Payload.Body}), or one picked among several as the
     * first bytes come (a history stage's reads, which may return any write of their key).
     */
    public interface Expected {
        /** The position of the first byte of {@code data[off, off + len)} that differs from these bytes at {@code
         * position} (a byte past their end differs), or -1 when all match. */
        long mismatch(long position, byte[] data, int off, int len);

        /** How many bytes there are. */
        long length();
    }

    /** Check the next read against these bytes (null: do not check). */
    public void expect(Expected bytes) {
        this.expected = bytes;
    }

    /** {@link System#nanoTime()} when the first body byte (or, for an empty body, the response) arrived. */
    public long firstByteNanos() {
        return firstByteNanos;
    }

    /** The ETag of the object read, as the server sent it (quoted), or null if it sent none. */
    public String etag() {
        return etag;
    }

    public long bytes() {
        return bytes;
    }

    /**
     * Offset of the first byte that differed from the expected body (a short or long body counts, at the
     * length where it differs), or -1 when the read was not checked or matched.
     */
    public long mismatchAt() {
        return mismatchAt;
    }

    /** Sets the result of a read made of several requests (parallel ranges). */
    public void set(long firstByte, long totalBytes, long firstMismatch) {
        this.firstByteNanos = firstByte;
        this.bytes = totalBytes;
        this.mismatchAt = firstMismatch;
    }

    public void start() {
        checksum = validateChecksum ? Checksum.NONE_SENT : Checksum.NOT_ASKED;
        running = null;
        etag = null;
        firstByteNanos = 0;
        bytes = 0;
        mismatchAt = -1;
    }

    /** Whether the bytes read must be seen (to verify them, or to checksum them), not just counted. */
    public boolean looksAtBytes() {
        return expected != null || running != null;
    }

    /** Accounts for {@code n} bytes read and not looked at. */
    public void skipped(int n) {
        bytes += n;
    }

    /** Accounts for {@code n} bytes just read into {@code buffer}. */
    public void read(byte[] buffer, int n) {
        if (expected != null && mismatchAt < 0) {
            mismatchAt = expected.mismatch(bytes, buffer, 0, n);
        }
        if (running != null) {
            running.update(buffer, 0, n);
        }
        bytes += n;
    }

    /** Accounts for the bytes of {@code data}, copied into {@code scratch} piecewise only when verifying. */
    public void read(ByteBuffer data, byte[] scratch) {
        if (expected == null || mismatchAt >= 0) {
            bytes += data.remaining();
            return;
        }
        while (data.hasRemaining()) {
            int n = Math.min(scratch.length, data.remaining());
            data.get(scratch, 0, n);
            read(scratch, n);
        }
    }

    /** Called at end of body: a body shorter than expected is a mismatch at its length. */
    public void end() {
        if (expected != null && mismatchAt < 0 && bytes != expected.length()) {
            mismatchAt = Math.min(bytes, expected.length());
        }
        if (running != null) {
            checksum = Base64.getEncoder().encodeToString(running.getChecksumBytes())
                    .equals(expectedChecksum) ? Checksum.VALID : Checksum.MISMATCH;
            running = null;
        }
    }
}
