package io.s3workload.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.s3.Payload;
import io.s3workload.workload.DataShape;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The engine's jar is multi-release: on Java 22 and later a body going to a plain socket is made into the direct
 * buffer through a {@code MemorySegment} ({@code src/main/java22}'s DirectLongs), which the engine's unit tests, run
 * from classes, never load. Run by failsafe against the packaged jar, this checks that version is the one loaded
 * and that it makes the same bytes as the heap does.
 */
class DirectFillIT {

    @Test
    void onJava22AndLaterTheJarsSegmentVersionIsLoadedAndMakesTheHeapsBytes() throws Exception {
        Class<?> loaded = Class.forName("io.s3workload.s3.DirectLongs");
        if (Runtime.version().feature() >= 22) {
            assertEquals("java.lang.foreign.MemorySegment", loaded.getDeclaredField("segment").getType().getName(),
                    "Java " + Runtime.version().feature() + " loaded the Java 21 DirectLongs from "
                            + loaded.getProtectionDomain().getCodeSource().getLocation());
        }
        Payload payload = new Payload(7);
        for (DataShape shape : new DataShape[] {DataShape.UNIQUE, new DataShape(3, 1), new DataShape(1, 4)}) {
            Payload.Body body = payload.body("it", 1 << 20, shape);
            byte[] whole = new byte[1 << 20];
            body.fill(0, whole, 0, whole.length);
            for (int from : new int[] {0, 5, 4096, 70_001}) {
                for (int length : new int[] {3, 4096, 65_536, 200_003}) {
                    ByteBuffer direct = ByteBuffer.allocateDirect(length + 8);
                    direct.position(8);
                    body.fill(from, direct, length, new byte[0]);
                    byte[] made = new byte[length];
                    direct.get(8, made);
                    assertArrayEquals(Arrays.copyOfRange(whole, from, from + length), made,
                            shape + " " + from + "+" + length);
                    assertEquals(8 + length, direct.position());
                }
            }
        }
    }
}
