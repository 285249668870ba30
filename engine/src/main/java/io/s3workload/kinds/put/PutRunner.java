package io.s3workload.kinds.put;

import io.s3workload.ground.SizeSpec;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.CellRun;
import io.s3workload.run.CellStageRunner;
import io.s3workload.run.RunContext;
import io.s3workload.run.keys.KeyClaims;
import io.s3workload.run.keys.KeySet;
import io.s3workload.run.keys.WrittenKeys;
import io.s3workload.run.loop.Transfers;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.ObjectWrite;
import io.s3workload.s3.data.Payload;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code kind: put}: closed-loop PUTs (multipart above the threshold), one cell per size; registers the keys, with
 * those whose every PUT failed marked missing so that readers skip them.
 */
public final class PutRunner implements CellStageRunner {

    @Override
    public List<CellStats> runCell(StagePlan stage, CellPlan cell, RunContext context) {
        PutStage spec = stage.spec(PutStage.class);
        String prefix = context.keyPrefix(stage.name(), cell.size());
        long keys = cell.keyLimit();
        WrittenKeys written = new WrittenKeys();
        KeyClaims claims = spec.sharedKeys() || keys > KeyClaims.MOST_KEYS ? null
                : new KeyClaims(keys, stage.workers());
        ConditionalWrites conditional = spec.conditional() == Conditional.NONE ? null
                : new ConditionalWrites(spec.conditional(), keys);
        // with measureParts, each part of the cell's multipart uploads in a cell of its own beside the uploads
        CellRecorder parts = spec.multipart().measureParts() && spec.multipart().applies(cell.size().maxBytes())
                ? context.recorder(new CellKey(stage.name(), Op.UPLOAD_PART, CellRun.endpointOf(stage),
                SizeSpec.of(spec.multipart().partSize()))) : null;
        List<CellRun.Outcome> outcomes = CellRun.run(context, stage, stage.workers(), context.recorder(new CellKey(
                stage.name(), Op.PUT, CellRun.endpointOf(stage), cell.size())), parts == null ? List.of()
                : List.of(parts), cell, cell.operationLimit(),
                (i, worker, recorder) -> {
                    long claimed = claims == null ? -1 : claims.claim(i % keys);
                    long number = claimed >= 0 ? claimed : i % keys;
                    written.tried(number);
                    try {
                        String objectKey = prefix + number;
                        ObjectWrite write = ObjectWrite.of(spec.writes(), context.payload(), objectKey);
                        Payload.Body body = context.payload().body(conditional == null ? objectKey
                                : conditional.payloadKey(objectKey, i), cell.size(), spec.writes().data());
                        String expected = conditional == null ? null : conditional.begin(number);
                        if (conditional != null) {
                            write = ConditionalWrites.write(write, expected);
                        }
                        long t0 = System.nanoTime();
                        String etag;
                        try {
                            etag = Transfers.put(worker.store(), objectKey, body, spec.multipart(), write, parts);
                        } catch (StoreException e) {
                            if (conditional != null) {
                                conditional.refused(number, objectKey, expected, e, worker.store());
                            }
                            throw e;
                        }
                        recorder.success(System.nanoTime() - t0, body.length());
                        if (conditional != null) {
                            conditional.kept(number, i, expected, etag);
                        }
                        written.written(number);
                    } finally {
                        if (conditional != null) {
                            conditional.end(number);
                        }
                        if (claimed >= 0) {
                            claims.release(claimed);
                        }
                    }
                });
        CellRun.Outcome outcome = outcomes.get(0);
        long span = written.span();
        KeySet wrote = written.keySet(prefix, span).madeAs(spec.writes().data());
        if (conditional != null) {
            wrote = conditional.keySet(wrote);
            conditional.report(stage, cell, prefix, context);
        }
        context.objects().register(stage.name(), cell.size(), wrote);
        if (wrote.missing() > 0) {
            context.note(stage.name(), neverWritten(stage, cell, wrote, written.failed(span), context.readLater()));
        }
        List<CellStats> cells = new ArrayList<>(outcome.cells());
        outcomes.subList(1, outcomes.size()).forEach(part -> cells.add(part.stats()));
        return cells;
    }

    /**
     * {@code 225 of 1989 51 KiB keys were never written (3 keys every PUT of which failed; 222 skipped: ...)}: why
     * keys below the highest one tried hold nothing, and, when later stages may read the stage's objects, that they
     * read the others.
     */
    private static String neverWritten(StagePlan stage, CellPlan cell, KeySet wrote, long failed, boolean readLater) {
        long skipped = wrote.missing() - failed;
        List<String> why = new ArrayList<>();
        if (failed > 0) {
            why.add(Units.count(failed, "key") + " every PUT of which failed");
        }
        if (skipped > 0) {
            why.add(skipped + " skipped: the cell ended while its open loop's late workers had not yet sent them");
        }
        return wrote.missing() + " of " + wrote.span() + " " + cell.size() + " keys were never written ("
                + String.join("; ", why) + ")" + (readLater ? "; stages reading from " + stage.name()
                + " read the other " + wrote.count() : "");
    }
}
