package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.run.keys.WrittenKeys;
import io.s3workload.testing.QuickTier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The written and tried bits of a cell's keys, set by many workers at once: none lost, none made up. */
@Tag(QuickTier.TAG)
class WrittenKeysTest {

    @Test
    void everyBitSetByConcurrentWorkersIsKeptAndNoOther() throws InterruptedException {
        WrittenKeys keys = new WrittenKeys();
        int workers = 8;
        long span = 3 * 65_536 + 100; // four pages, the last one partly
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int worker = w;
            // each worker tries every number of its own residue and writes all but every seventh; all workers share
            // the words of each page, so the bits of a word are set by several threads at once
            threads.add(Thread.ofPlatform().start(() -> {
                for (long n = worker; n < span; n += workers) {
                    keys.tried(n);
                    if (n % 7 != 0) {
                        keys.written(n);
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        for (long n = 0; n < span; n++) {
            assertEquals(n % 7 != 0, keys.isWritten(n), "number " + n);
        }
        assertFalse(keys.isWritten(span), "a number past the span");
        assertEquals(span, keys.span());
        assertEquals((span + 6) / 7, keys.failed(span), "every seventh number tried and never written");
    }

    @Test
    void anEmptyCellSpansNothing() {
        WrittenKeys keys = new WrittenKeys();
        assertEquals(0, keys.span());
        assertFalse(keys.isWritten(0));
        keys.written(5);
        assertTrue(keys.isWritten(5));
        assertEquals(0, keys.span(), "written is not tried: span counts what was tried");
    }
}
