package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.run.loop.Attempts;
import io.s3workload.s3.StoreException;
import io.s3workload.testing.QuickTier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A fault of the tool's own is reported with the line it came from, so that a user's report names it. */
@Tag(QuickTier.TAG)
class AttemptsTest {

    @Test
    void aClientErrorNamesWhereInTheToolItWasThrown() {
        StoreException e = Attempts.clientError(fault(new int[4]));
        assertEquals("client error: ArrayIndexOutOfBoundsException", e.errorClass());
        assertTrue(e.detail().matches("Index -1 out of bounds for length 4 \\(at AttemptsTest\\.fault:\\d+\\)"),
                e.detail());
    }

    @Test
    void aClientErrorWithoutAMessageSaysSo() {
        StoreException e = Attempts.clientError(new IllegalStateException());
        assertTrue(e.detail().startsWith("no message (at AttemptsTest."), e.detail());
    }

    private static RuntimeException fault(int[] a) {
        try {
            a[-1] = 1;
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }
}
