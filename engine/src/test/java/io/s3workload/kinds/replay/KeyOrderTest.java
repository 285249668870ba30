package io.s3workload.kinds.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.testing.Await;
import io.s3workload.testing.QuickTier;
import io.s3workload.trace.TraceOp;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Each key's recorded order: who waits for whom, decided from the trace alone (so these checks need no clock), and
 * a waiter let go only once what it follows has ended.
 */
@Tag(QuickTier.TAG)
class KeyOrderTest {

    /** An operation on {@code key} begun at {@code start} µs and ended at {@code end} (-1: the log cannot tell). */
    private static TraceOp op(TraceOp.Kind kind, String key, long start, long end) {
        return new TraceOp(start, kind, kind.name(), key, 1, TraceOp.Range.WHOLE, null, List.of(), TraceOp.Part.NONE,
                new TraceOp.Answer(200, -1, -1, end),
                "trace:1");
    }

    /** Waits for {@code turn} on a thread of its own; returns once that thread waits on the latch. */
    private static CompletableFuture<Long> waiting(KeyOrder order, KeyOrder.Turn turn, AtomicBoolean stop) {
        CompletableFuture<Long> done = new CompletableFuture<>();
        Thread waiter = Thread.ofPlatform().daemon().start(() -> done.complete(order.await(turn, stop::get)));
        Await.until("the waiter waiting", () -> done.isDone() || waiter.getState() == Thread.State.TIMED_WAITING);
        return done;
    }

    @Test
    void whereTheLogCannotTellAReadWaitsForTheWriteListedBeforeIt() throws Exception {
        KeyOrder order = new KeyOrder();
        KeyOrder.Turn put = order.taken(op(TraceOp.Kind.PUT, "k", 1_000_000, -1));
        KeyOrder.Turn head = order.taken(op(TraceOp.Kind.HEAD, "k", 1_000_000, -1));
        CompletableFuture<Long> waited = waiting(order, head, new AtomicBoolean());
        // the waiter goes only once the PUT has ended, whenever that is: nothing here is timed
        assertTrue(!waited.isDone(), "the HEAD may not start before the PUT ended");
        long ended = System.nanoTime();
        order.ended(put);
        long free = waited.get(1, TimeUnit.MINUTES);
        assertTrue(free != KeyOrder.NO_WAIT && free - ended >= 0, "let go after the PUT ended");
        order.ended(head);
        assertEquals(1, order.figures().waited());
    }

    @Test
    void operationsTheTraceShowsOverlappingStayFreeToOverlap() {
        KeyOrder order = new KeyOrder();
        KeyOrder.Turn slow = order.taken(op(TraceOp.Kind.GET, "k", 0, 10_000));
        KeyOrder.Turn overlapping = order.taken(op(TraceOp.Kind.GET, "k", 5_000, 9_000));
        assertEquals(KeyOrder.NO_WAIT, order.await(overlapping, () -> false), "it began before the first ended");
        KeyOrder.Turn after = order.taken(op(TraceOp.Kind.DELETE, "k", 12_000, 13_000));
        KeyOrder.Turn other = order.taken(op(TraceOp.Kind.PUT, "another", 12_000, 13_000));
        assertEquals(KeyOrder.NO_WAIT, order.await(other, () -> false), "another key: no order to keep");
        order.ended(overlapping);
        AtomicBoolean stop = new AtomicBoolean(true);
        assertEquals(KeyOrder.GAVE_UP, order.await(after, stop::get), "the DELETE began after the slow GET ended:"
                + " it waits (and gives up when the stage stops)");
        order.ended(slow);
        order.ended(after);
        order.ended(other);
        assertEquals(0, order.figures().waited(), "a wait given up is not counted");
    }

    @Test
    void anUploadsStepsAreLeftToTheUploadAndAReadAfterItsCompletionWaits() throws Exception {
        KeyOrder order = new KeyOrder();
        KeyOrder.Turn create = order.taken(op(TraceOp.Kind.MULTIPART_CREATE, "big", 1_000_000, -1));
        KeyOrder.Turn part1 = order.taken(op(TraceOp.Kind.MULTIPART_PART, "big", 1_000_000, -1));
        KeyOrder.Turn part2 = order.taken(op(TraceOp.Kind.MULTIPART_PART, "big", 1_000_000, -1));
        assertEquals(KeyOrder.NO_WAIT, order.await(part1, () -> false));
        assertEquals(KeyOrder.NO_WAIT, order.await(part2, () -> false), "parts go in parallel, as uploaded");
        KeyOrder.Turn complete = order.taken(op(TraceOp.Kind.MULTIPART_COMPLETE, "big", 1_000_000, -1));
        KeyOrder.Turn get = order.taken(op(TraceOp.Kind.GET, "big", 1_000_000, -1));
        order.ended(create);
        order.ended(part1);
        order.ended(part2);
        CompletableFuture<Long> read = waiting(order, get, new AtomicBoolean());
        assertTrue(!read.isDone(), "the GET may not start before the upload's completion ended");
        order.ended(complete);
        assertTrue(read.get(1, TimeUnit.MINUTES) != KeyOrder.NO_WAIT, "the GET waited for the completion");
    }

    @Test
    void aBatchDeleteFollowsEachOfItsKeys() throws Exception {
        KeyOrder order = new KeyOrder();
        KeyOrder.Turn a = order.taken(op(TraceOp.Kind.PUT, "a", 0, -1));
        KeyOrder.Turn b = order.taken(op(TraceOp.Kind.PUT, "b", 0, -1));
        KeyOrder.Turn batch = order.taken(new TraceOp(0, TraceOp.Kind.DELETE_OBJECTS, "DeleteObjects", null, -1,
                TraceOp.Range.WHOLE, null, List.of("a", "b"), TraceOp.Part.NONE, new TraceOp.Answer(200, -1, -1, -1),
                "trace:3"));
        CompletableFuture<Long> deleting = waiting(order, batch, new AtomicBoolean());
        order.ended(a);
        assertTrue(!deleting.isDone(), "the batch may not start before the PUT of b ended");
        order.ended(b);
        assertTrue(deleting.get(1, TimeUnit.MINUTES) != KeyOrder.NO_WAIT);
        // a reader that also names one of the batch's keys as its key (MinIO's audit log writes one): still each key
        KeyOrder.Turn c = order.taken(op(TraceOp.Kind.GET, "c", 0, -1));
        KeyOrder.Turn d = order.taken(op(TraceOp.Kind.GET, "d", 0, -1));
        KeyOrder.Turn named = order.taken(new TraceOp(0, TraceOp.Kind.DELETE_OBJECTS, "DeleteObjects", "d", -1,
                TraceOp.Range.WHOLE, null, List.of("c", "d"), TraceOp.Part.NONE, new TraceOp.Answer(200, -1, -1, -1),
                "trace:5"));
        order.ended(d);
        assertEquals(KeyOrder.GAVE_UP, order.await(named, () -> true), "with d's GET ended the batch still waits for"
                + " c's (and gives up when the stage stops)");
        order.ended(c);
        order.ended(named);
        assertEquals(null, order.taken(new TraceOp(0, TraceOp.Kind.LIST, "ListObjectsV2", null, -1, TraceOp.Range.WHOLE,
                "p/", List.of(), TraceOp.Part.NONE, new TraceOp.Answer(200, -1, -1, -1), "trace:4")),
                "a listing names no key");
    }
}
