package io.s3workload.kinds.transcode;

import io.s3workload.ground.Durations;
import io.s3workload.ground.SizeSpec;
import io.s3workload.ground.Units;
import io.s3workload.kinds.Kind;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Op;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.ProbeBlocks;
import io.s3workload.report.console.StageText;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.StageResult;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;

/**
 * {@code kind: transcode}: t3-validator's transcoding workload (docs/workloads.md). Its parts: one cell of chunk reads
 * for its duration, its runner ({@link TranscodeRunner}), its header (jobs and readers) and t3-validator's three
 * blocks.
 */
public final class TranscodeKind {

    public static final Kind<TranscodeStage> KIND = new Kind<>(TranscodeStage.class, new TranscodeStageBinder(),
            TranscodeKind::shape, TranscodeRunner::new, new Text());

    private TranscodeKind() {
    }

    /** A transcode: chunks read for its duration, segments written, read back through its readers. */
    static Shape shape(TranscodeStage transcode, Place at) {
        String endpoint = at.endpoint();
        return new Shape(List.of(new CellPlan(SizeSpec.of(transcode.chunk()), OptionalLong.empty(),
                OptionalLong.of(transcode.sources().count()), Optional.of(transcode.duration()))), Optional.empty(),
                OptionalLong.empty(), Math.max(transcode.readers().isEmpty() ? 1 : transcode.readers().size(),
                transcode.multipart().applies(transcode.sources().size().bytes())
                        ? transcode.multipart().parallel() : 1),
                new StagePlan.Roles(List.of(endpoint), transcode.readers().isEmpty() ? List.of(endpoint)
                        : transcode.readers()));
    }

    /** Its jobs and the endpoints it reads back through; t3-validator's blocks. */
    private static final class Text implements StageText {

        @Override
        public String header(StagePlan stage) {
            return Units.count(stage.concurrency(), "job") + ", endpoint " + stage.endpoint() + ", read back"
                    + " through " + String.join(", ", stage.roles().readers());
        }

        @Override
        public String blocks(StageResult result, StageText.Console console) {
            return TranscodeKind.blocks(result);
        }
    }

    /**
     * t3-validator's three transcode blocks: Read Operations (the chunks), Write Operations (the segments), and
     * Read-After-Write Consistency against the target, per reader.
     */
    private static String blocks(StageResult result) {
        TranscodeStage spec = result.stage().spec(TranscodeStage.class);
        String target = Durations.format(spec.consistencyTarget());
        StringBuilder b = new StringBuilder();
        for (CellStats cell : result.cells()) {
            switch (cell.key().op()) {
                case RANGE_GET -> b.append("  Read Operations (Source Chunks, ").append(spec.chunk()).append("):\n");
                case PUT -> b.append("  Write Operations (Output Segments, ").append(spec.segment()).append("):\n");
                default -> b.append("  Read-back of the segments through ").append(cell.key().endpoint())
                        .append(" (the reads that returned it; 404s are in the polls below):\n");
            }
            Histogram h = cell.latency();
            if (h.getTotalCount() > 0) {
                b.append("    Latency - ").append(ProbeBlocks.avgP95P99(h)).append('\n');
            }
            if (cell.hasTtfb() && cell.key().op() == Op.RANGE_GET) {
                b.append("    TTFB - ").append(ProbeBlocks.avgP95P99(cell.ttfb())).append('\n');
            }
            boolean moves = cell.key().op() != Op.GET;
            b.append("    Throughput - ").append(Units.rate(cell.opsPerSecond())).append(" ops/s")
                    .append(moves ? " (" + Units.gbps(cell.bytesPerSecond()) + ")" : "").append(" | ")
                    .append(cell.operations())
                    .append(" ok").append(cell.errors() > 0 ? ", " + Units.count(cell.errors(), "error") + " "
                            + cell.errorsByClass() : "").append('\n');
        }
        for (ConvergenceStats pair : ConvergencePairs.in(result)) {
            b.append("  Read-After-Write Consistency")
                    .append(ConvergencePairs.in(result).size() > 1 ? " (" + pair.label() + ")" : "").append(":\n");
            Histogram h = pair.convergence();
            b.append("    Convergence - ").append(h.getTotalCount() == 0 ? "none converged" : ProbeBlocks.avgP95P99(h))
                    .append('\n');
            b.append("    Distribution - Immediate (<").append(target).append("): ")
                    .append(ProbeBlocks.pct(pair.immediatePercent())).append(", Eventual (>").append(target)
                    .append("): ")
                    .append(ProbeBlocks.pct(pair.eventualPercent())).append(", Failed: ")
                    .append(ProbeBlocks.pct(pair.timeoutPercent() + pair.failedPercent())).append('\n');
            b.append("    Target (<").append(target).append("): ").append(ProbeBlocks.pct(pair.immediatePercent()))
                    .append(" within target\n");
            b.append("    Polls - ").append(ProbeBlocks.polls(pair, false)).append('\n');
        }
        return b.toString();
    }
}
