package io.s3workload.kinds.put;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.RunContext;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.run.keys.KeySet;
import io.s3workload.run.loop.ClosedLoop;
import io.s3workload.run.loop.Transfers;
import io.s3workload.s3.ErrorClassifier;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import io.s3workload.workload.objects.ParallelRanges;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The conditional PUTs of one cell ({@code conditional: ifNoneMatch | ifMatch}): the condition each write sends, the
 * bytes each write carries (its own: the payload of {@code key@operation}, so which write the store kept can be
 * told), which write of each key won, and for {@code ifMatch} each key's last ETag. Two kept writes sent under one
 * condition (create-only twice, or If-Match one ETag twice) are a lost update: the store did not check and write as
 * one step. After the cell, the keys on which writers met (a 412) are read back: each must hold the bytes of the
 * write the store kept. Lock-free; constant memory per key, at most {@link PutStage#MOST_CONDITIONAL_KEYS} keys.
 *
 * <p>A key's ETag is learnt from its kept writes, in the order the store kept them: a write expecting ETag E can
 * only be kept after the write that made E, whose worker recorded E before anyone could send a write expecting it.
 * Only when a 412 comes while no other write of the key is in flight — the store holds a write this run never saw
 * kept, e.g. one whose answer was lost — is the key's ETag read again (HEAD, unmeasured), as a committer re-reads.
 */
public final class ConditionalWrites {

    /** Contended keys read back after the cell, at most. */
    static final int MOST_CHECKED = 100;
    /** Conditions remembered to catch two kept writes under one (a lost update), at most: 8 bytes and a node each. */
    static final int MOST_CONDITIONS = 1 << 18;

    private final Conditional conditional;
    /** Per key: 1 + the operation whose write the store last said it kept; 0: none yet. Null: not tracked. */
    private final AtomicLongArray winners;
    /** Per key, for ifMatch: the ETag of its last kept write. */
    private final AtomicReferenceArray<String> etags;
    /** Per key, for ifMatch: its writes in flight. */
    private final AtomicIntegerArray inFlight;
    private final LongAdder kept = new LongAdder();
    private final LongAdder refused = new LongAdder();
    /** Keys that saw a refusal and so had writers meet: those read back. */
    private final Set<Long> contended = ConcurrentHashMap.newKeySet();
    /** The conditions kept writes were sent under (a hash of key and ETag, or of key and "*"). */
    private final Set<Long> conditions = ConcurrentHashMap.newKeySet();
    /** Kept writes whose condition another kept write had been sent under: lost updates. */
    private final LongAdder keptTwice = new LongAdder();

    ConditionalWrites(Conditional conditional, long keys) {
        this.conditional = conditional;
        boolean tracked = keys <= PutStage.MOST_CONDITIONAL_KEYS;
        boolean matches = tracked && conditional == Conditional.IF_MATCH;
        this.winners = tracked ? new AtomicLongArray((int) keys) : null;
        this.etags = matches ? new AtomicReferenceArray<>((int) keys) : null;
        this.inFlight = matches ? new AtomicIntegerArray((int) keys) : null;
    }

    /**
     * The payload key of operation {@code op}'s write of {@code objectKey}: a body of its own where writes are
     * tracked, else the key's own.
     */
    String payloadKey(String objectKey, long op) {
        return winners == null ? objectKey : objectKey + "@" + op;
    }

    /**
     * A write of key number {@code number} starts: the ETag it is to be conditioned on (for {@code ifMatch}, the
     * one the key's last kept write got back), or null for a create-only write. Pair with {@link #end}.
     */
    String begin(long number) {
        if (inFlight == null) {
            return null;
        }
        inFlight.incrementAndGet((int) number);
        return etags.get((int) number);
    }

    /** The write of key number {@code number} begun with {@link #begin} is over, however it went. */
    void end(long number) {
        if (inFlight != null) {
            inFlight.decrementAndGet((int) number);
        }
    }

    /** {@code base} with the condition of a write expecting {@code etag} ({@link #begin}). */
    static ObjectWrite write(ObjectWrite base, String etag) {
        return base.when(etag == null ? ObjectWrite.IF_NONE_MATCH : ObjectWrite.ifMatch(etag));
    }

    /** Operation {@code op}'s write of key number {@code number}, sent expecting {@code expected}, was kept. */
    void kept(long number, long op, String expected, String etag) {
        kept.increment();
        if (winners == null) {
            return;
        }
        long condition = number * 0x9E3779B97F4A7C15L ^ (expected == null ? 0 : expected.hashCode() * 31L + 1);
        if (conditions.size() < MOST_CONDITIONS && !conditions.add(condition)) {
            keptTwice.increment();
        }
        winners.set((int) number, op + 1);
        if (etags != null) {
            etags.set((int) number, etag);
        }
    }

    /**
     * Whether {@code e} is the store refusing the condition; the key is then noted as contended, and for
     * {@code ifMatch} its ETag read again where this was the key's only write in flight and the refused ETag is
     * still the one known (the class comment says why).
     */
    boolean refused(long number, String objectKey, String expected, StoreException e,
                    ObjectStore store) {
        if (!e.errorClass().startsWith(ErrorClassifier.PRECONDITION_FAILED)) {
            return false;
        }
        refused.increment();
        if (contended.size() < MOST_CHECKED) {
            contended.add(number);
        }
        if (etags != null && inFlight.get((int) number) == 1
                && Objects.equals(etags.get((int) number), expected)) {
            try {
                store.head(objectKey).ifPresent(info -> {
                    if (etags.compareAndSet((int) number, expected, info.etag())) {
                        winners.set((int) number, 0); // a write not seen kept: its bytes unknown, not read back
                    }
                });
            } catch (StoreException headFailed) {
                // the next write of the key is refused again, and reads again
            }
        }
        return true;
    }

    /** The keys as written: each key's bytes those of the write the store kept. */
    KeySet keySet(KeySet written) {
        if (winners == null) {
            return written;
        }
        String prefix = written.prefix();
        return written.keeping(n -> payloadKey(prefix + n, winners.get((int) n) - 1));
    }

    /**
     * Reads back the contended keys (unmeasured) and says what the store did: writes kept and refused, and whether
     * each key holds the bytes of the write it kept.
     */
    void report(StagePlan stage, CellPlan cell, String prefix, RunContext context) {
        String condition = conditional == Conditional.IF_MATCH ? "If-Match" : "If-None-Match: *";
        StringBuilder said = new StringBuilder("conditional PUTs (" + condition + ") of " + cell.size() + ": "
                + String.format("%,d kept, %,d refused (412 Precondition Failed)", kept.sum(), refused.sum()));
        if (conditions.size() >= MOST_CONDITIONS) {
            said.append(String.format("; lost updates looked for over the first %,d kept writes", MOST_CONDITIONS));
        }
        if (keptTwice.sum() > 0) {
            said.append("; ").append(String.format("%,d", keptTwice.sum())).append(conditional
                    == Conditional.IF_MATCH ? " of them were kept under an ETag another kept write had been sent"
                    + " under: the store does not check If-Match and write as one step (lost updates)"
                    : " of them replaced an object already there: the store does not honour If-None-Match");
        }
        if (winners == null) {
            context.note(stage.name(), said.append("; more than ").append(String.format("%,d",
                    PutStage.MOST_CONDITIONAL_KEYS)).append(" keys: writes not tracked, nothing read back").toString());
            return;
        }
        long[] keys = contended.stream().mapToLong(Long::longValue).filter(n -> winners.get((int) n) != 0)
                .sorted().toArray();
        if (keys.length > 0 && !context.cancelled()) {
            long[] wrong = check(keys, stage, cell, prefix, context);
            said.append("; ").append(keys.length).append(keys.length == contended.size() ? "" : " (at most "
                    + MOST_CHECKED + ")").append(keys.length == 1 ? " contended key read back: "
                    : " contended keys read back: ");
            if (wrong[0] == 0 && wrong[1] == 0) {
                said.append(keys.length == 1 ? "it holds" : "each holds").append(" the bytes of the write the store"
                        + " kept");
            } else {
                said.append(wrong[0]).append(" hold other bytes than the write the store kept (a lost write)");
                if (wrong[1] > 0) {
                    said.append(", ").append(wrong[1]).append(" could not be read");
                }
            }
        }
        context.note(stage.name(), said.toString());
    }

    /** Reads each key back against its winner's bytes: {mismatched, unread}. */
    private long[] check(long[] keys, StagePlan stage, CellPlan cell, String prefix, RunContext context) {
        CellRecorder reads = new CellRecorder(new CellKey(stage.name(), Op.GET, stage.endpoint(), cell.size()));
        LongAdder mismatched = new LongAdder();
        var loop = ClosedLoop.Spec.unpaced(stage.name() + "-check", Math.min(stage.concurrency(), keys.length),
                keys.length, context.clients().lease(stage), context.seed()).own(OpsSink.CHECK);
        PutStage spec = stage.spec(PutStage.class);
        ClosedLoop.run(loop, context::cancelled, reads, (i, worker, recorder) -> {
            long number = keys[(int) i];
            String objectKey = prefix + number;
            Payload.Body expected = context.payload().body(payloadKey(objectKey, winners.get((int) number) - 1),
                    cell.size(), spec.writes().data());
            Transfers.get(worker.store(), objectKey, expected.length(), ParallelRanges.DEFAULT, worker, expected);
            if (worker.timing().mismatchAt() >= 0) {
                mismatched.increment();
            }
            recorder.success(0, 0);
        });
        CellStats read = reads.finish(0, -1, -1);
        return new long[] {mismatched.sum(), keys.length - read.operations()};
    }
}
