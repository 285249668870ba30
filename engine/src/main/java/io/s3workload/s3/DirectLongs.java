package io.s3workload.s3;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

import java.nio.ByteBuffer;

/**
 * A direct buffer that a body is made into in place from its position, a word at a time (little-endian bytes, through
 * the buffer's own absolute {@code putLong}), so that it goes to the socket without being made on the heap and copied.
 *
 * <p>Not through a {@code MemorySegment}, though C2 vectorizes its stores (about twice as fast once compiled): until
 * C2 has compiled it, a segment's store runs through layers of var handles, several times slower than a buffer's,
 * long enough on a busy machine to hold a virtual thread's carrier for tens of milliseconds. Mixed 1-256 KiB PUTs at
 * 400/s against MinIO here: send time p99 10-257 ms over eight 12 s runs through a segment, 2-9 ms in 22 of 24 made
 * on the heap or through {@code putLong} (docs/performance.md, How bodies are made).
 */
final class DirectLongs implements BodyOut {

    private final ByteBuffer buffer;
    private final int base;

    private DirectLongs(ByteBuffer buffer, int base) {
        this.buffer = buffer;
        this.base = base;
    }

    /** The bytes of {@code out} from its position (which is not moved), written through {@code out} itself. */
    static DirectLongs at(ByteBuffer out) {
        return new DirectLongs(out, out.position());
    }

    @Override
    public void xor(int at, long[] table, int from, int count, long key) {
        int start = base + at;
        if (buffer.order() == LITTLE_ENDIAN) {
            for (int k = 0; k < count; k++) {
                buffer.putLong(start + 8 * k, table[from + k] ^ key);
            }
        } else { // the same bytes through a big-endian buffer (as a connection's is): each word's bytes reversed
            for (int k = 0; k < count; k++) {
                buffer.putLong(start + 8 * k, Long.reverseBytes(table[from + k] ^ key));
            }
        }
    }

    @Override
    public void zero(int at, int n) {
        int start = base + at;
        int k = 0;
        for (; k + 8 <= n; k += 8) {
            buffer.putLong(start + k, 0);
        }
        for (; k < n; k++) {
            buffer.put(start + k, (byte) 0);
        }
    }

    @Override
    public void put(int at, byte value) {
        buffer.put(base + at, value);
    }
}
