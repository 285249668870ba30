package io.s3workload.kinds.listafterwrite;

import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.Op;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.run.RunContext;
import io.s3workload.run.StageRunner;
import io.s3workload.run.probe.ConvergenceProbe;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code kind: listAfterWrite}: each iteration PUTs {@code objects} keys under a prefix of its own through a
 * writer, then lists that prefix (ListObjectsV2) through every reader until every key is listed with its PUT's
 * ETag. Convergence counts from the last PUT's response. A key listed with another ETag is stale.
 */
public final class ListAfterWriteRunner implements StageRunner {

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        ListAfterWriteStage spec = stage.spec(ListAfterWriteStage.class);
        return new ConvergenceProbe(stage, spec.probe(), new Target(spec, context), context).run();
    }

    private record Target(ListAfterWriteStage spec, RunContext context) implements ConvergenceProbe.Target {

        @Override
        public Op readOp() {
            return Op.LIST;
        }

        @Override
        public ConvergenceProbe.Written write(ObjectStore writer, String directory, long version,
                                             CellRecorder writes) {
            String prefix = directory + "/";
            long length = spec.probe().size().bytes();
            List<String> keys = new ArrayList<>(spec.objects());
            List<String> etags = new ArrayList<>(spec.objects());
            long done = 0;
            for (int i = 0; i < spec.objects(); i++) {
                String key = prefix + i;
                long t0 = System.nanoTime();
                try {
                    etags.add(writer.put(key, context.payload().body(key + "#" + version, length)));
                } catch (StoreException e) {
                    writes.failure(e.errorClass(), key);
                    context.logOperation(writes, "", t0, 0, -1, e.errorClass());
                    throw e;
                }
                done = System.nanoTime();
                writes.success(done - t0, length);
                context.logOperation(writes, "", t0, length, done - t0, null);
                keys.add(key);
            }
            return new ConvergenceProbe.Written(prefix, keys, etags, done);
        }

        @Override
        public ConvergenceProbe.Read read(ObjectStore reader, ConvergenceProbe.Written written, byte[] buffer,
                                          CellRecorder reads) {
            ObjectStore.ListPage page = reader.bucketWide().listPage(written.prefix(), null, 1000);
            reads.items(page.keys().size());
            Map<String, String> listed = new HashMap<>();
            for (int i = 0; i < page.keys().size(); i++) {
                listed.put(page.keys().get(i), page.etags().get(i));
            }
            boolean missing = false;
            for (int i = 0; i < written.keys().size(); i++) {
                String etag = listed.get(written.keys().get(i));
                if (etag == null) {
                    missing = true;
                } else if (!ConvergenceProbe.sameEtag(etag, written.etags().get(i))) {
                    return ConvergenceProbe.Read.of(ConvergenceProbe.Seen.STALE);
                }
            }
            return ConvergenceProbe.Read.of(missing ? ConvergenceProbe.Seen.MISSING : ConvergenceProbe.Seen.SHOWN);
        }
    }
}
