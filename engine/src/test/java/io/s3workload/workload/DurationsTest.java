package io.s3workload.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.Durations;
import io.s3workload.testing.QuickTier;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Tag(QuickTier.TAG)
class DurationsTest {

    @ParameterizedTest
    @CsvSource({"30s,30000", "5m,300000", "1h,3600000", "500ms,500", "1m30s,90000", "2.5s,2500", "1h 2m,3720000"})
    void parses(String text, long millis) {
        assertEquals(Duration.ofMillis(millis), Durations.parse(text).orElseThrow());
    }

    @ParameterizedTest
    @ValueSource(strings = {"30", "-5s", "5 minutes", "s", "", "1d"})
    void rejects(String text) {
        assertTrue(Durations.parse(text).isEmpty(), text);
    }

    @ParameterizedTest
    @CsvSource({"90000,1m30s", "500,500ms", "300000,5m", "3600000,1h", "2500,2.5s"})
    void prints(long millis, String text) {
        assertEquals(text, Durations.format(Duration.ofMillis(millis)));
    }
}
