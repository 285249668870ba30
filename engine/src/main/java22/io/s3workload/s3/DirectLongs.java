package io.s3workload.s3;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A stretch of a direct buffer that a body is made into in place, a word at a time (little-endian), so that it goes
 * to the socket without being made on the heap and copied. This is the Java 22+ version of the class (the jar is
 * multi-release; Java 21 runs {@code src/main/java}'s, with the buffer's {@code putLong}): a {@code MemorySegment}
 * over the buffer, whose stores the JIT vectorizes as it does a heap array's: 1.0-1.4 µs per 64 KiB against 2.0-2.5
 * through {@code ByteBuffer.putLong} and 2.2-2.9 made on the heap and copied (docs/performance.md, How bodies are
 * made).
 */
final class DirectLongs implements BodyOut {

    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private final MemorySegment segment;

    private DirectLongs(MemorySegment segment) {
        this.segment = segment;
    }

    /** The {@code len} bytes of {@code out} from its position (which is not moved). */
    static DirectLongs at(ByteBuffer out, int len) {
        return new DirectLongs(MemorySegment.ofBuffer(out).asSlice(0, len));
    }

    @Override
    public void xor(int at, long[] table, int from, int count, long key) {
        for (int k = 0; k < count; k++) {
            segment.set(WORD, at + 8L * k, table[from + k] ^ key);
        }
    }

    @Override
    public void zero(int at, int n) {
        segment.asSlice(at, n).fill((byte) 0);
    }

    @Override
    public void put(int at, byte value) {
        segment.set(ValueLayout.JAVA_BYTE, at, value);
    }
}
