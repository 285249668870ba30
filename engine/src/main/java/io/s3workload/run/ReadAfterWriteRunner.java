package io.s3workload.run;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.Op;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.ReadTiming;
import io.s3workload.s3.StoreException;
import io.s3workload.workload.ReadAfterWriteStage;
import java.util.List;
import java.util.Optional;

/**
 * {@code kind: readAfterWrite}: each iteration PUTs one object through a writer, then GETs (or HEADs) it through
 * every reader until the reader returns it with the PUT's ETag. A 404 is "not yet"; another ETag is stale.
 */
final class ReadAfterWriteRunner implements StageRunner {

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        ReadAfterWriteStage spec = stage.spec(ReadAfterWriteStage.class);
        return new ConvergenceProbe(stage, spec.probe(), new Target(spec, context), context).run();
    }

    private record Target(ReadAfterWriteStage spec, RunContext context) implements ConvergenceProbe.Target {

        @Override
        public Op readOp() {
            return spec.readWith() == ReadAfterWriteStage.ReadWith.HEAD ? Op.HEAD : Op.GET;
        }

        @Override
        public ConvergenceProbe.Written write(ObjectStore writer, String key, long version, CellRecorder writes) {
            long length = spec.probe().size().bytes();
            long t0 = System.nanoTime();
            try {
                String etag = writer.put(key, context.payload().body(key + "#" + version, length));
                long done = System.nanoTime();
                writes.success(done - t0, length);
                return new ConvergenceProbe.Written(key, List.of(key), List.of(etag), done);
            } catch (StoreException e) {
                writes.failure(e.errorClass(), key);
                throw e;
            }
        }

        @Override
        public ConvergenceProbe.Read read(ObjectStore reader, ConvergenceProbe.Written written, byte[] buffer,
                                          CellRecorder reads) {
            return readBack(reader, written, spec.readWith() == ReadAfterWriteStage.ReadWith.HEAD, buffer);
        }
    }

    /** One GET (or HEAD) of the single object {@code written} names: shown with its ETag, missing, or stale. */
    static ConvergenceProbe.Read readBack(ObjectStore reader, ConvergenceProbe.Written written, boolean head,
                                          byte[] buffer) {
        String key = written.keys().get(0);
        Optional<String> etag;
        long bytes = 0;
        if (head) {
            etag = reader.head(key).map(ObjectStore.ObjectInfo::etag);
        } else {
            ReadTiming timing = new ReadTiming();
            etag = get(reader, key, buffer, timing);
            bytes = etag.isPresent() ? timing.bytes() : 0;
        }
        if (etag.isEmpty()) {
            return ConvergenceProbe.Read.of(ConvergenceProbe.Seen.MISSING);
        }
        return new ConvergenceProbe.Read(etag.get().isEmpty() || ConvergenceProbe.sameEtag(etag.get(),
                written.etags().get(0)) ? ConvergenceProbe.Seen.SHOWN : ConvergenceProbe.Seen.STALE, bytes);
    }

    /** The ETag the object was read with ("" when the server sent none); empty on 404. */
    private static Optional<String> get(ObjectStore reader, String key, byte[] buffer, ReadTiming timing) {
        try {
            reader.get(key, buffer, timing);
            return Optional.of(timing.etag() == null ? "" : timing.etag());
        } catch (StoreException e) {
            if (e.kind() == StoreException.Kind.NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }
}
