package io.s3workload.kinds.connectivity;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.SizeSpec;
import io.s3workload.ground.Units;
import io.s3workload.kinds.Kind;
import io.s3workload.metrics.CellStats;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.StageText;
import io.s3workload.result.StageResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;

/**
 * {@code kind: connectivity}: t3-validator's check that each endpoint answers (HeadBucket attempts, each timed). Its
 * parts: one cell of attempts over the endpoints it checks, its runner ({@link ConnectivityRunner}), its header and
 * the seed's per-endpoint block.
 */
public final class ConnectivityKind {

    /** A connectivity check: HeadBucket on each endpoint, its outcome by endpoint. */
    private static final StageText TEXT = new StageText() {
        @Override
        public String header(StagePlan stage) {
            return "HeadBucket on " + String.join(", ", stage.roles().readers());
        }

        @Override
        public String keys(StagePlan stage) {
            return "-";
        }

        @Override
        public boolean sized() {
            return false;
        }

        @Override
        public String blocks(StageResult result, Console console) {
            return ConnectivityKind.blocks(result, console.endpointUrls());
        }
    };

    public static final Kind<ConnectivityStage> KIND = new Kind<>(ConnectivityStage.class,
            new ConnectivityStageBinder(), ConnectivityKind::shape, ConnectivityRunner::new, TEXT);

    private ConnectivityKind() {
    }

    /** A connectivity check: its attempts on each endpoint it checks (its own, or the stage's, else all). */
    static Shape shape(ConnectivityStage check, Place at) {
        String endpoint = at.endpoint();
        List<String> all = at.endpoints();
        List<String> targets = !check.endpoints().isEmpty() ? check.endpoints()
                : check.common().endpoint().isPresent() ? List.of(endpoint) : all;
        return new Shape(List.of(new CellPlan(SizeSpec.of(DataSize.ofBytes(0)),
                OptionalLong.of((long) check.attempts() * targets.size()), OptionalLong.empty(),
                Optional.empty())), Optional.empty(), OptionalLong.empty(), 1, new StagePlan.Roles(List.of(), targets));
    }

    /** {@code S3 Connectivity: SUCCESS - ...} per endpoint, failures with their class and explanation. */
    private static String blocks(StageResult result, Map<String, String> urls) {
        StringBuilder b = new StringBuilder();
        for (CellStats cell : result.cells()) {
            String endpoint = cell.key().endpoint();
            b.append("  Testing endpoint ").append(endpoint).append(": ").append(urls.getOrDefault(endpoint, "?"))
                    .append('\n');
            Histogram h = cell.latency();
            String attempts = cell.operations() + "/" + Units.count(cell.attempted(), "attempt");
            String timing = h.getTotalCount() == 0 ? ""
                    : ", " + Units.latencyStats(h, true, Percentile.AVG, Percentile.P95);
            b.append("  S3 Connectivity: ").append(cell.errors() == 0 ? "SUCCESS" : "FAILURE").append(" - ")
                    .append(attempts).append(timing).append('\n');
            if (cell.firstRequestNanos() >= 0) {
                b.append("    (before them, a first request that also set up the client and its connection: ")
                        .append(Units.latency(cell.firstRequestNanos())).append(", not in the figures)\n");
            }
            cell.errorsByClass().forEach((errorClass, count) -> {
                b.append("    ").append(errorClass).append(" (").append(count).append("x)");
                List<String> why = cell.examples().get(errorClass);
                if (why != null && !why.isEmpty()) {
                    b.append(": ").append(why.get(0));
                }
                b.append('\n');
            });
        }
        return b.toString();
    }
}
