package io.s3workload.s3;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A stretch of a direct buffer that a body is made into in place, a word at a time (little-endian), so that it goes
 * to the socket without being made on the heap and copied. This is the Java 21 version, through the buffer's own
 * {@code putLong}; on Java 22 and later the jar holds another ({@code src/main/java22}, a multi-release class) that
 * writes through a {@code MemorySegment}, which the JIT vectorizes (java.lang.foreign is final from Java 22, a
 * preview in 21).
 */
final class DirectLongs implements BodyOut {

    private final ByteBuffer buffer;

    private DirectLongs(ByteBuffer buffer) {
        this.buffer = buffer;
    }

    /** The {@code len} bytes of {@code out} from its position (which is not moved). */
    static DirectLongs at(ByteBuffer out, int len) {
        return new DirectLongs(out.slice(out.position(), len).order(ByteOrder.LITTLE_ENDIAN));
    }

    @Override
    public void xor(int at, long[] table, int from, int count, long key) {
        for (int k = 0; k < count; k++) {
            buffer.putLong(at + 8 * k, table[from + k] ^ key);
        }
    }

    @Override
    public void zero(int at, int n) {
        int k = 0;
        for (; k + 8 <= n; k += 8) {
            buffer.putLong(at + k, 0);
        }
        for (; k < n; k++) {
            buffer.put(at + k, (byte) 0);
        }
    }

    @Override
    public void put(int at, byte value) {
        buffer.put(at, value);
    }
}
