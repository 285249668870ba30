package io.s3workload.s3.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.testing.QuickTier;
import io.s3workload.workload.objects.DataShape;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Bodies as the generator makes them: repeatable, unique by default, and shaped on purpose when asked. */
@Tag(QuickTier.TAG)
class PayloadTest {

    private final Payload payload = new Payload(42);

    private static byte[] all(Payload.Body body) throws IOException {
        return body.open().readAllBytes();
    }

    @Test
    void aBodyIsTheSameBytesEveryTimeItIsOpenedAndDependsOnKeyAndSeed() throws IOException {
        byte[] first = all(payload.body("k1", 100_000));
        assertArrayEquals(first, all(payload.body("k1", 100_000)));
        assertArrayEquals(first, all(new Payload(42).body("k1", 100_000)));
        assertNotEquals(Arrays.hashCode(first), Arrays.hashCode(all(payload.body("k2", 100_000))));
        assertNotEquals(Arrays.hashCode(first), Arrays.hashCode(all(new Payload(43).body("k1", 100_000))));
    }

    @Test
    void anyStretchCanBeMadeAgainFromAnyOffsetAndSlicesAreTheirPartOfTheWhole() throws IOException {
        byte[] whole = all(payload.body("k", 20_000));
        Payload.Body body = payload.body("k", 20_000);
        for (int from : new int[] {0, 1, 7, 8, 4095, 4096, 4097, 12_345}) {
            for (int length : new int[] {1, 3, 8, 13, 4096, 5000}) {
                byte[] part = new byte[length + 2];
                body.fill(from, part, 1, length);
                assertArrayEquals(Arrays.copyOfRange(whole, from, from + length),
                        Arrays.copyOfRange(part, 1, length + 1), from + "+" + length);
                assertArrayEquals(Arrays.copyOfRange(whole, from, from + length), all(body.slice(from, length)));
            }
        }
    }

    /**
     * What goes to a plain socket is made straight into a direct buffer ({@link DirectLongs}): the same bytes as on
     * the heap, from any position, for every shape, through a buffer of either byte order, and nothing of the buffer
     * before its position or past the stretch touched.
     */
    @Test
    void aBodyMadeIntoADirectBufferIsTheSameBytesAsOnTheHeap() {
        for (DataShape shape : new DataShape[] {DataShape.UNIQUE, new DataShape(3, 1), new DataShape(1, 4),
            new DataShape(100, 2)}) {
            Payload.Body body = payload.body("d", 300_000, shape);
            byte[] whole = new byte[300_000];
            body.fill(0, whole, 0, whole.length);
            for (int from : new int[] {0, 1, 7, 8, 4095, 4096, 4100, 65_536, 123_457}) {
                for (int length : new int[] {1, 5, 8, 4096, 5000, 65_536, 100_001}) {
                    java.nio.ByteOrder order = (from + length) % 2 == 0
                            ? java.nio.ByteOrder.BIG_ENDIAN : java.nio.ByteOrder.LITTLE_ENDIAN;
                    java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(length + 20).order(order);
                    for (int i = 0; i < direct.capacity(); i++) {
                        direct.put(i, (byte) 0x5A);
                    }
                    direct.position(3);
                    body.fill(from, direct, length, new byte[0]);
                    String what = shape + " " + from + "+" + length + " " + order;
                    assertEquals(3 + length, direct.position(), what);
                    byte[] made = new byte[length];
                    direct.get(3, made);
                    assertArrayEquals(Arrays.copyOfRange(whole, from, from + length), made, what);
                    for (int i : new int[] {0, 2, 3 + length, direct.capacity() - 1}) {
                        assertEquals(0x5A, direct.get(i), what + ": byte " + i + " outside the stretch");
                    }
                }
            }
        }
        Payload.Body body = payload.body("o", 100);
        org.junit.jupiter.api.Assertions.assertThrows(java.nio.BufferOverflowException.class,
                () -> body.fill(0, java.nio.ByteBuffer.allocateDirect(10), 11, new byte[0]), "past the buffer's limit");
    }

    @Test
    void mismatchFindsTheFirstWrongByteAnywhere() throws IOException {
        Payload.Body body = payload.body("m", 10_000);
        byte[] data = all(body);
        assertEquals(-1, body.mismatch(0, data, 0, data.length));
        assertEquals(-1, body.mismatch(4093, data, 4093, 100), "from an unaligned position");
        for (int at : new int[] {0, 5, 8, 4095, 4096, 9999}) {
            byte[] flipped = data.clone();
            flipped[at] ^= 1;
            assertEquals(at, body.mismatch(0, flipped, 0, flipped.length));
            assertEquals(at < 3 ? -1 : at - 3, body.slice(3, 9_997).mismatch(0, flipped, 3, 9_997),
                    "a slice's own positions");
        }
        assertEquals(10_000, body.mismatch(0, Arrays.copyOf(data, 10_001), 0, 10_001), "a byte past the end");
    }

    @Test
    void resetGoesBackToTheMarkAsClientsExpectForRetries() throws IOException {
        byte[] whole = all(payload.body("m", 5000));
        try (InputStream in = payload.body("m", 5000).open()) {
            in.skipNBytes(1000);
            in.mark(0);
            byte[] first = in.readNBytes(2000);
            in.reset();
            assertArrayEquals(first, in.readNBytes(2000));
            assertArrayEquals(Arrays.copyOfRange(whole, 3000, 5000), in.readAllBytes());
        }
        try (InputStream in = payload.body("m", 5000).open()) {
            for (int i = 0; i < 100; i++) {
                assertEquals(whole[i] & 0xFF, in.read(), "single-byte reads match bulk reads");
            }
        }
    }

    @Test
    void uniqueBodiesRepeatNoFourKibBlockAcrossObjectsOrWithinOne() throws IOException {
        Set<String> blocks = new HashSet<>();
        long total = 0;
        for (int object = 0; object < 64; object++) {
            byte[] body = all(payload.body("o" + object, 256 * 1024));
            for (int b = 0; b < body.length; b += 4096) {
                blocks.add(Arrays.toString(Arrays.copyOfRange(body, b, b + 4096)).hashCode() + ":"
                        + Arrays.hashCode(Arrays.copyOfRange(body, b, b + 4096)));
                total++;
            }
        }
        assertEquals(total, blocks.size(), "every 4 KiB block of 64 objects of 256 KiB is distinct");
        double ratio = deflateRatio(all(payload.body("big", 4 << 20)));
        assertTrue(ratio < 1.01, "nothing to compress in a unique body: " + ratio);
    }

    @Test
    void shapedBodiesOfferTheRatiosAskedOf() throws IOException {
        byte[] half = all(payload.body("c", 4 << 20, new DataShape(2, 1)));
        double compression = deflateRatio(half);
        assertTrue(Math.abs(compression - 2) < 0.2, "compressible 2.0 compresses about 2:1: " + compression);

        DataShape dedupe = new DataShape(1, 3);
        Set<Integer> distinct = new HashSet<>();
        long blocks = 0;
        for (int object = 0; object < 32; object++) {
            byte[] body = all(payload.body("d" + object, 1 << 20, dedupe));
            for (int b = 0; b < body.length; b += 4096) {
                distinct.add(Arrays.hashCode(Arrays.copyOfRange(body, b, b + 4096)));
                blocks++;
            }
        }
        double reduced = (double) blocks / distinct.size();
        assertTrue(Math.abs(reduced - 3) < 0.3, "dedupe 3.0 over 8192 blocks: " + reduced);
    }

    private static double deflateRatio(byte[] data) {
        Deflater deflater = new Deflater(6);
        deflater.setInput(data);
        deflater.finish();
        byte[] out = new byte[64 * 1024];
        long compressed = 0;
        while (!deflater.finished()) {
            compressed += deflater.deflate(out);
        }
        deflater.end();
        return (double) data.length / compressed;
    }
}
