package io.s3workload.kinds.readafterwrite;

import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.Op;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.run.BucketVersioning;
import io.s3workload.run.RunContext;
import io.s3workload.run.StageRunner;
import io.s3workload.run.probe.ConvergenceProbe;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: readAfterWrite}: each iteration writes one object through a writer — a PUT, a server-side copy of a
 * source PUT just before, or a PUT of a new version — then GETs (or HEADs) it through every reader until the reader
 * returns it as written: with the write's ETag, or (a version) by its version id. A 404 is "not yet"; another ETag
 * is stale.
 */
public final class ReadAfterWriteRunner implements StageRunner {

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        ReadAfterWriteStage spec = stage.spec(ReadAfterWriteStage.class);
        if (spec.writeWith() != ReadAfterWriteStage.WriteWith.VERSION) {
            return new ConvergenceProbe(stage, spec.probe(), new Target(spec, context), context).run();
        }
        long start = System.nanoTime();
        for (String writer : stage.roles().writers()) {
            Optional<String> unversioned = BucketVersioning.unversioned(stage, store(stage, context, writer), context);
            if (unversioned.isPresent()) {
                CellRecorder refused = new CellRecorder(new CellKey(stage.name(), Op.PUT, writer,
                        SizeSpec.of(spec.probe().size())));
                refused.failure(unversioned.get(), context.clients().bucket());
                return new StageResult(stage, List.of(refused.finish(System.nanoTime() - start, -1, -1)),
                        System.nanoTime() - start, false);
            }
        }
        // every version stays until deleted by its id: the run's cleanup does that in a bucket that keeps versions
        return new ConvergenceProbe(stage, spec.probe(), new Target(spec, context), context).run();
    }

    private static ObjectStore store(StagePlan stage, RunContext context, String endpoint) {
        return context.clients().sharedPrimed(endpoint, stage.client());
    }

    private record Target(ReadAfterWriteStage spec, RunContext context) implements ConvergenceProbe.Target {

        @Override
        public Op readOp() {
            return spec.readWith() == ReadAfterWriteStage.ReadWith.HEAD ? Op.HEAD : Op.GET;
        }

        @Override
        public Op writeOp() {
            return spec.writeWith() == ReadAfterWriteStage.WriteWith.COPY ? Op.COPY : Op.PUT;
        }

        @Override
        public ConvergenceProbe.Written write(ObjectStore writer, String key, long version, CellRecorder writes) {
            long length = spec.probe().size().bytes();
            Payload.Body body = context.payload().body(key + "#" + version, length);
            long t0 = System.nanoTime();
            try {
                String source = spec.writeWith() == ReadAfterWriteStage.WriteWith.COPY ? key + "-source" : null;
                if (source != null) {
                    writer.put(source, body);
                }
                t0 = System.nanoTime();
                String etag = switch (spec.writeWith()) {
                    case PUT -> writer.put(key, body);
                    case COPY -> writer.copy(source, key);
                    case VERSION -> writer.versions().putVersion(key, body);
                };
                long done = System.nanoTime();
                writes.success(done - t0, length);
                context.logOperation(writes, "", t0, length, done - t0, null);
                return new ConvergenceProbe.Written(key, List.of(key), List.of(etag), done);
            } catch (StoreException e) {
                writes.failure(e.errorClass(), key);
                context.logOperation(writes, "", t0, 0, -1, e.errorClass());
                throw e;
            }
        }

        @Override
        public ConvergenceProbe.Read read(ObjectStore reader, ConvergenceProbe.Written written, byte[] buffer,
                                          CellRecorder reads) {
            if (spec.writeWith() == ReadAfterWriteStage.WriteWith.VERSION) {
                return readVersion(reader, written, buffer);
            }
            return ConvergenceProbe.readBack(reader, written, spec.readWith() == ReadAfterWriteStage.ReadWith.HEAD, buffer);
        }
    }

    /** One GET of the version {@code written} names (its "ETag" is the version id): there, or not yet. */
    private static ConvergenceProbe.Read readVersion(ObjectStore reader, ConvergenceProbe.Written written,
                                                     byte[] buffer) {
        ReadTiming timing = new ReadTiming();
        try {
            reader.versions().getVersion(written.keys().get(0), written.etags().get(0), buffer, timing);
            return new ConvergenceProbe.Read(ConvergenceProbe.Seen.SHOWN, timing.bytes());
        } catch (StoreException e) {
            if (e.kind() == StoreException.Kind.NOT_FOUND) {
                return ConvergenceProbe.Read.notFound();
            }
            throw e;
        }
    }
}
