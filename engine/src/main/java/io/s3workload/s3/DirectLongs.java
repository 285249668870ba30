package io.s3workload.s3;

import static java.nio.ByteOrder.LITTLE_ENDIAN;

import java.nio.ByteBuffer;

/**
 * A direct buffer that a body is made into in place from its position, a word at a time (little-endian bytes, through
 * the buffer's own absolute {@code putLong}), so that it goes to the socket without being made on the heap and copied.
 *
 * <p>Not through a {@code MemorySegment}, though C2 vectorizes its stores (about twice as fast once compiled): until
 * C2 has compiled it, a segment's store runs through layers of var handles, several times slower than a buffer's,
 * and on a busy machine that lasted long enough to hold a virtual thread's carrier for tens of milliseconds: a PUT's
 * send time at p99 went from 2-5 ms to 10-280 ms in the first seconds of open-loop runs (docs/performance.md, How
 * bodies are made).
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
