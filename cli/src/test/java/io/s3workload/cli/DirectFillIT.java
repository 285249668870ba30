package io.s3workload.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.s3.data.Payload;
import io.s3workload.workload.objects.DataShape;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The engine's jar is multi-release: on Java 22 and later a body going to a plain socket is made into the direct
 * buffer through a {@code MemorySegment} once a warm-up has measured it faster than the buffer's {@code putLong}
 * ({@code src/main/java22}'s DirectWords), a class the engine's unit tests, run from classes, never load. Run by
 * failsafe against the packaged jar, this checks that version is the one loaded and that both of its ways make the
 * bytes the heap does.
 */
class DirectFillIT {

    @Test
    void theJarsJava22VersionMakesTheHeapsBytesBeforeAndAfterItSwitchesToTheSegment() throws Exception {
        Class<?> words = Class.forName("io.s3workload.s3.data.DirectWords");
        if (Runtime.version().feature() < 22) {
            sameBytes("Java 21: putLong");
            return;
        }
        Field vectorized = words.getDeclaredField("vectorized");
        vectorized.setAccessible(true);
        Method await = words.getDeclaredMethod("awaitVectorized", long.class);
        await.setAccessible(true);
        await.invoke(null, 10_000L); // the warm-up's own decision, whichever it is, before the test sets the way
        for (boolean segment : new boolean[] {false, true}) {
            vectorized.setBoolean(null, segment);
            sameBytes(segment ? "through the segment" : "through putLong");
        }
        assertTrue((boolean) await.invoke(null, 0L), "the flag the test set last");
    }

    private static void sameBytes(String way) throws Exception {
        Payload payload = new Payload(7);
        for (DataShape shape : new DataShape[] {DataShape.UNIQUE, new DataShape(3, 1), new DataShape(1, 4)}) {
            Payload.Body body = payload.body("it", 1 << 20, shape);
            byte[] whole = new byte[1 << 20];
            body.fill(0, whole, 0, whole.length);
            for (int from : new int[] {0, 5, 4096, 70_001}) {
                for (int length : new int[] {3, 4096, 65_536, 200_003}) {
                    ByteBuffer direct = ByteBuffer.allocateDirect(length + 16);
                    for (int i = 0; i < direct.capacity(); i++) {
                        direct.put(i, (byte) 0x5A);
                    }
                    direct.position(8);
                    body.fill(from, direct, length, new byte[0]);
                    byte[] made = new byte[length];
                    direct.get(8, made);
                    String what = way + ", " + shape + " " + from + "+" + length;
                    assertArrayEquals(Arrays.copyOfRange(whole, from, from + length), made, what);
                    assertEquals(8 + length, direct.position(), what);
                    for (int i : new int[] {0, 7, 8 + length, direct.capacity() - 1}) {
                        assertEquals(0x5A, direct.get(i), what + ": byte " + i + " outside the stretch");
                    }
                }
            }
        }
    }
}
