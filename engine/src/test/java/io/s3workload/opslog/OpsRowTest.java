package io.s3workload.opslog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.testing.QuickTier;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(QuickTier.TAG)
class OpsRowTest {

    /** Every power of ten and its neighbours, zero, both ends of a long, and random numbers of every length. */
    @Test
    void numbersAreWrittenAsLongToStringWritesThem() {
        java.util.List<Long> values = new java.util.ArrayList<>(java.util.List.of(0L, 1L, -1L, 9L, 10L, 99L, 100L,
                Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1));
        for (long p = 1, i = 0; i <= 18; i++, p *= 10) {
            values.addAll(java.util.List.of(p - 1, p, p + 1, -p, -(p - 1)));
        }
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            values.add(random.nextLong() >> random.nextInt(64));
        }
        for (long value : values) {
            OpsRow row = new OpsRow(null, null).reset();
            assertEquals(Long.toString(value), row.number(value).encoded(), "number " + value);
            if (value >= 0) {
                assertEquals(Long.toString(value).length(), OpsRow.digits(value), "digits of " + value);
            }
        }
        OpsRow row = new OpsRow(null, null).reset();
        assertEquals("12,,-3,0", row.number(12).empty().number(-3).number(0).encoded());
    }
}
