package io.s3workload.s3.data;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

import java.nio.ByteBuffer;

/**
 * A direct buffer that a body is made into in place from its position, a word at a time (little-endian bytes, through
 * the buffer's own absolute {@code putLong}), so that it goes to the socket without being made on the heap and copied.
 * Always so on Java 21; on Java 22 and later until a vectorized {@code MemorySegment} has measured faster
 * ({@link DirectWords}).
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
