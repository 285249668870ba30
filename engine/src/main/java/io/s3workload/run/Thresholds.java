package io.s3workload.run;

import io.s3workload.metrics.CellStats;
import io.s3workload.report.Units;
import io.s3workload.workload.FailOn;
import io.s3workload.workload.Percentile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Checks each cell of a finished stage against the stage's {@code failOn} thresholds. */
final class Thresholds {

    private Thresholds() {
    }

    static List<Breach> check(StageResult result) {
        FailOn failOn = result.stage().failOn();
        List<Breach> breaches = new ArrayList<>();
        for (CellStats cell : result.cells()) {
            String label = cell.key().label();
            if (failOn.errorRatePercent().isPresent() && cell.errorPercent() > failOn.errorRatePercent().getAsDouble()) {
                breaches.add(new Breach(result.stage().name(), label, "error rate",
                        String.format(Locale.ROOT, "%.2f%%", cell.errorPercent()),
                        String.format(Locale.ROOT, "%s%%", trim(failOn.errorRatePercent().getAsDouble()))));
            }
            if (cell.latency().getTotalCount() == 0) {
                continue;
            }
            for (Map.Entry<Percentile, Duration> limit : failOn.latency().entrySet()) {
                long measured = Units.statNanos(cell.latency(), limit.getKey());
                if (measured > limit.getValue().toNanos()) {
                    breaches.add(new Breach(result.stage().name(), label, "latency " + limit.getKey().key(),
                            Units.latency(measured), Units.latency(limit.getValue().toNanos())));
                }
            }
        }
        return breaches;
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
