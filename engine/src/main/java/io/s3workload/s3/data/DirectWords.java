package io.s3workload.s3.data;

import java.nio.ByteBuffer;

/**
 * How a body is made straight into a direct buffer: on Java 21, always through the buffer's own {@code putLong}
 * ({@link DirectLongs}). The jar is multi-release: Java 22 and later load {@code src/main/java22}'s version, which
 * switches to a vectorized {@code MemorySegment} once a warm-up has measured it faster.
 */
final class DirectWords {

    private DirectWords() {
    }

    /** Where a body is made into {@code out} from its position (which is not moved). */
    static BodyOut at(ByteBuffer out) {
        return DirectLongs.at(out);
    }

    /** Whether bodies go through a segment: never on Java 21. */
    static boolean awaitVectorized(long millis) {
        return false;
    }
}
