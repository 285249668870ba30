package io.s3workload.ground;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.testing.QuickTier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Tag(QuickTier.TAG)
class DataSizeTest {

    @ParameterizedTest
    @CsvSource({"1MiB,1048576", "10 MiB,10485760", "512KiB,524288", "1GiB,1073741824", "1M,1048576",
        "1K,1024", "1G,1073741824", "1MB,1000000", "4096,4096", "0,0", "1.5KiB,1536", "2 b,2", "1mib,1048576",
        "1TiB,1099511627776"})
    void parses(String text, long bytes) {
        assertEquals(bytes, DataSize.parse(text).orElseThrow().bytes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-1MiB", "12 parsecs", "MiB", "1.5", "1 MiB extra", "0x10", "1e3"})
    void rejects(String text) {
        assertTrue(DataSize.parse(text).isEmpty(), text);
    }

    @ParameterizedTest
    @CsvSource({"1048576,1 MiB", "1536,1.5 KiB", "100,100 B", "10737418240,10 GiB", "0,0 B", "4097,4 KiB",
        "1048575,1024 KiB", "10000000,9.54 MiB", "40970,40.01 KiB"})
    void prints(long bytes, String text) {
        assertEquals(text, DataSize.ofBytes(bytes).toString());
    }

    /** Labels name keys and cells: two sizes never share one, and a label parses back to its size. */
    @ParameterizedTest
    @CsvSource({"1048576,1MiB", "1536,1.5KiB", "100,100B", "4097,4097B", "10000000,10000000B", "1280,1.25KiB"})
    void labelsExactly(long bytes, String label) {
        assertEquals(label, DataSize.ofBytes(bytes).label());
        assertEquals(bytes, DataSize.parse(label).orElseThrow().bytes());
    }
}
