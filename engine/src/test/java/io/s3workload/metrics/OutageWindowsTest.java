package io.s3workload.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.testing.QuickTier;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** How refusals and successes, in nanoTime order, become a cell's outage windows. */
@Tag(QuickTier.TAG)
class OutageWindowsTest {

    private static final long MS = 1_000_000;
    private final long t0 = System.nanoTime();
    private final Notable.Keeper keeper = new Notable.Keeper(4);

    private void refused(long beganMs, long failedMs) {
        keeper.unreachable(t0 + beganMs * MS, t0 + failedMs * MS);
    }

    private void succeeded(long beganMs) {
        keeper.reached(t0 + beganMs * MS);
    }

    @Test
    void aSuccessBetweenRefusalsAsTheStoreGoesIsOneWindow() {
        refused(0, 1);
        succeeded(2); // on a connection the store had not closed yet
        refused(3, 4);
        succeeded(3); // began before the refusal that reopened the window: says nothing
        assertTrue(keeper.down());
        refused(5, 6);
        succeeded(1500);
        List<Outage> outages = keeper.finish().outages();
        assertEquals(1, outages.size(), outages.toString());
        assertEquals(3, outages.get(0).failed());
        assertFalse(outages.get(0).ongoing());
        assertEquals(1499, outages.get(0).millis(0), 2, "from the first refusal to the success that ended it");
    }

    @Test
    void aRefusalWellAfterTheStoreCameBackIsANewWindow() {
        refused(0, 1);
        succeeded(2);
        refused(2 + Notable.REOPEN_NANOS / MS + 1, 2 + Notable.REOPEN_NANOS / MS + 2);
        List<Outage> outages = keeper.finish().outages();
        assertEquals(2, outages.size(), outages.toString());
        assertEquals(List.of(1L, 1L), outages.stream().map(Outage::failed).toList());
        assertTrue(outages.get(1).ongoing(), "still refused as the cell ended");
    }

    @Test
    void aRefusalOfAnOperationSentBeforeTheStoreCameBackCountsInTheClosedWindow() {
        refused(0, 1);
        succeeded(500);
        refused(499, 800); // its connection attempt was under way as the store came back
        List<Outage> outages = keeper.finish().outages();
        assertEquals(1, outages.size(), outages.toString());
        assertEquals(2, outages.get(0).failed());
        assertFalse(outages.get(0).ongoing());
    }
}
