package io.s3workload.kinds.transcode;

import io.s3workload.ground.SizeSpec;
import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.CellRecorder;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.convergence.ConvergenceRecorder;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.StageResult;
import io.s3workload.run.CellRun;
import io.s3workload.run.RunContext;
import io.s3workload.run.SourceSet;
import io.s3workload.run.StageRunner;
import io.s3workload.run.loop.ClosedLoop;
import io.s3workload.run.loop.WorkerState;
import io.s3workload.run.probe.ConvergenceProbe;
import io.s3workload.s3.ObjectStore;
import io.s3workload.s3.StoreException;
import io.s3workload.s3.data.Payload;
import io.s3workload.s3.data.ReadTiming;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code kind: transcode}: prepares the sources, then runs {@code jobs} closed-loop jobs for the duration. Each
 * step of a job reads a chunk (range GET) from a random source at a random chunk-aligned offset, writes a segment
 * under the run prefix, and reads it back through each reader until it shows with the PUT's ETag; a read-back
 * within the consistency target is immediate, a later one eventual, none within the timeout (or a failed PUT)
 * failed. Cells: the chunk reads, the segment writes, the read-backs per reader; one convergence row per reader.
 */
public final class TranscodeRunner implements StageRunner {

    @Override
    public StageResult run(StagePlan stage, RunContext context) {
        TranscodeStage spec = stage.spec(TranscodeStage.class);
        long start = System.nanoTime();
        SourceSet sources = SourceSet.prepare(stage, spec.sources(), spec.multipart(), context);
        if (context.cancelled()) {
            return new StageResult(stage, List.of(), System.nanoTime() - start, true);
        }
        if (sources.failedUploads().isPresent()) {
            return new StageResult(stage, List.of(sources.failedUploads().get()), System.nanoTime() - start, false);
        }
        String writer = stage.endpoint();
        CellRecorder chunks = context.recorder(new CellKey(stage.name(), Op.RANGE_GET, writer,
                SizeSpec.of(spec.chunk())));
        CellRecorder segments = context.recorder(new CellKey(stage.name(), Op.PUT, writer, spec.segment()));
        Map<String, CellRecorder> readBacks = new LinkedHashMap<>();
        Map<String, ConvergenceRecorder> pairs = new LinkedHashMap<>();
        for (String reader : stage.roles().readers()) {
            readBacks.put(reader, context.recorder(new CellKey(stage.name(), Op.GET, reader, spec.segment())));
            pairs.put(reader, new ConvergenceRecorder(writer, reader));
        }
        List<CellRecorder> details = new ArrayList<>(List.of(segments));
        details.addAll(readBacks.values());
        var polling = new ConvergenceProbe.Polling(spec.pollInterval(), spec.timeout(), spec.consistencyTarget(),
                false);
        long size = spec.sources().size().bytes();
        long chunk = spec.chunk().bytes();
        long chunkCount = (size + chunk - 1) / chunk;
        String segmentPrefix = context.runPrefix() + stage.name() + "/segments/";
        CellPlan cell = stage.cells().get(0);
        List<CellRun.Outcome> outcomes = CellRun.run(context, stage, stage.workers(), chunks, details, cell,
                ClosedLoop.UNBOUNDED,
                (i, worker, recorder) -> {
                    int source = worker.random().nextInt(spec.sources().count());
                    long offset = worker.random().nextLong(chunkCount) * chunk;
                    String sourceKey = sources.key(source);
                    ReadTiming timing = worker.timing();
                    timing.expect(null);
                    long t0 = System.nanoTime();
                    worker.store().getRange(sourceKey, offset, Math.min(chunk, size - offset), worker.readBuffer(),
                            timing);
                    recorder.read(sourceKey, System.nanoTime() - t0, t0, timing);
                    String key = segmentPrefix + i;
                    ConvergenceProbe.Written written = writeSegment(worker.store(), key, spec, segments, context);
                    if (written == null) {
                        pairs.values().forEach(ConvergenceRecorder::writeFailed);
                        return;
                    }
                    readBack(stage, written, polling, pairs, readBacks, worker, context);
                });
        List<CellStats> cells = outcomes.stream().map(CellRun.Outcome::stats).toList();
        List<ConvergenceStats> convergence = pairs.values().stream().map(ConvergenceRecorder::finish).toList();
        StageResult result = new StageResult(stage, cells, System.nanoTime() - start, context.cancelled());
        return convergence.isEmpty() ? result : result.with(new ConvergencePairs(convergence));
    }

    /** PUTs one segment; null (after recording the failure) when the PUT failed. */
    private static ConvergenceProbe.Written writeSegment(ObjectStore store, String key, TranscodeStage spec,
                                                         CellRecorder segments, RunContext context) {
        Payload.Body body = context.payload().body(key, spec.segment(), spec.sources().data());
        long t0 = System.nanoTime();
        try {
            String etag = store.put(key, body);
            long done = System.nanoTime();
            segments.success(done - t0, body.length());
            return new ConvergenceProbe.Written(key, List.of(key), List.of(etag), done);
        } catch (StoreException e) {
            segments.failure(e.errorClass(), key);
            return null;
        }
    }

    /** Reads the segment back through every reader (side by side when there are several). */
    private static void readBack(StagePlan stage, ConvergenceProbe.Written written, ConvergenceProbe.Polling polling,
                                 Map<String, ConvergenceRecorder> pairs, Map<String, CellRecorder> readBacks,
                                 WorkerState worker, RunContext context) {
        ConvergenceProbe.Reader target = (reader, shown, buffer, reads) ->
                ConvergenceProbe.readBack(reader, shown, false, buffer);
        if (pairs.size() == 1) {
            String reader = pairs.keySet().iterator().next();
            ConvergenceProbe.poll(target, store(stage, reader, context), written, polling, pairs.get(reader),
                    readBacks.get(reader), worker.readBuffer(), context);
            return;
        }
        try (ExecutorService readers = Executors.newThreadPerTaskExecutor(
                context.clients().threads(Thread.ofVirtual()))) {
            for (String reader : pairs.keySet()) {
                readers.execute(() -> ConvergenceProbe.poll(target, store(stage, reader, context), written, polling,
                        pairs.get(reader), readBacks.get(reader), new byte[64 * 1024], context));
            }
        }
    }

    private static ObjectStore store(StagePlan stage, String endpoint, RunContext context) {
        return context.clients().sharedPrimed(endpoint, stage.client());
    }
}
