package io.s3workload.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

class PayloadTest {

    private final Payload payload = new Payload(42);

    @Test
    void aBodyIsTheSameBytesEveryTimeItIsOpenedAndDependsOnKeyAndSeed() throws IOException {
        byte[] first = payload.body("k1", 100_000).open().readAllBytes();
        assertArrayEquals(first, payload.body("k1", 100_000).open().readAllBytes());
        assertArrayEquals(first, new Payload(42).body("k1", 100_000).open().readAllBytes());
        assertNotEquals(java.util.Arrays.hashCode(first),
                java.util.Arrays.hashCode(payload.body("k2", 100_000).open().readAllBytes()));
        assertNotEquals(java.util.Arrays.hashCode(first),
                java.util.Arrays.hashCode(new Payload(43).body("k1", 100_000).open().readAllBytes()));
    }

    @Test
    void bodiesLargerThanTheBlockStreamWithTheExactLengthAndWrapAround() throws IOException {
        long length = Payload.BLOCK_BYTES * 2L + 12_345;
        Payload.Body body = payload.body("big", length);
        byte[] buffer = new byte[1 << 20];
        long total = 0;
        try (InputStream in = body.open()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                total += n;
            }
        }
        assertEquals(length, total);
        try (InputStream in = body.open()) {
            byte[] head = in.readNBytes(64);
            in.skipNBytes(Payload.BLOCK_BYTES - 64);
            assertArrayEquals(head, in.readNBytes(64), "the stream wraps around the block");
        }
    }

    @Test
    void resetGoesBackToTheMarkAsClientsExpectForRetries() throws IOException {
        byte[] all = payload.body("m", 5000).open().readAllBytes();
        try (InputStream in = payload.body("m", 5000).open()) {
            in.skipNBytes(1000);
            in.mark(0);
            byte[] first = in.readNBytes(2000);
            in.reset();
            assertArrayEquals(first, in.readNBytes(2000));
            assertArrayEquals(java.util.Arrays.copyOfRange(all, 3000, 5000), in.readAllBytes());
        }
    }

    @Test
    void singleByteReadsMatchBulkReads() throws IOException {
        byte[] bulk = payload.body("k", 1000).open().readAllBytes();
        try (InputStream in = payload.body("k", 1000).open()) {
            for (byte b : bulk) {
                assertEquals(b & 0xFF, in.read());
            }
            assertEquals(-1, in.read());
        }
    }
}
