package io.s3workload.run;

import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.result.Breach;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.StageOutcome;
import io.s3workload.result.StageResult;
import io.s3workload.s3.StoreException;
import io.s3workload.workload.FailOn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Checks a finished stage against its {@code failOn} thresholds: each cell's error rate and latency; for a
 * consistency probe, each pair's timeout rate and convergence time (its cells' latencies are not checked); and
 * whatever else the stage found, by its own thresholds ({@link StageOutcome#breaches}: a history's anomalies).
 */
final class Thresholds {

    private Thresholds() {
    }

    static List<Breach> check(StageResult result) {
        FailOn failOn = result.stage().failOn();
        List<Breach> breaches = new ArrayList<>();
        boolean probe = result.stage().kind().probe();
        for (ConvergenceStats pair : ConvergencePairs.in(result)) {
            if (failOn.timeoutRatePercent().isPresent()
                    && pair.timeoutPercent() > failOn.timeoutRatePercent().getAsDouble()) {
                breaches.add(new Breach(result.stage().name(), pair.label(), "timeout rate",
                        String.format(Locale.ROOT, "%.2f%%", pair.timeoutPercent()),
                        String.format(Locale.ROOT, "%s%%", trim(failOn.timeoutRatePercent().getAsDouble()))));
            }
            if (pair.convergence().getTotalCount() > 0) {
                breaches.addAll(latency(result, pair.label(), "convergence ", pair.convergence(), failOn));
            }
        }
        for (StageOutcome outcome : result.outcomes()) {
            breaches.addAll(outcome.breaches(result.stage().name(), failOn));
        }
        for (CellStats cell : result.cells()) {
            String label = cell.key().label() + (probe ? " " + cell.key().endpoint() : "");
            if (cell.errorsByClass().containsKey(SourceSet.NOTHING_VERIFIABLE)) {
                breaches.add(Breach.failure(result.stage().name(), label, SourceSet.NOTHING_VERIFIABLE));
            }
            double errorPercent = errorPercentOfWhatRan(cell);
            if (failOn.errorRatePercent().isPresent() && errorPercent > failOn.errorRatePercent().getAsDouble()) {
                breaches.add(new Breach(result.stage().name(), label, "error rate",
                        String.format(Locale.ROOT, "%.2f%%", errorPercent),
                        String.format(Locale.ROOT, "%s%%", trim(failOn.errorRatePercent().getAsDouble()))));
            }
            if (cell.latency().getTotalCount() > 0 && ConvergencePairs.in(result).isEmpty()) {
                breaches.addAll(latency(result, label, "latency ", cell.latency(), failOn));
            }
            if (failOn.checksEverySecond() && ConvergencePairs.in(result).isEmpty()) {
                breaches.addAll(perSecond(result.stage().name(), label, cell, failOn));
            }
        }
        return breaches;
    }

    /**
     * The error rate of the operations that ran their course: those the run's stop cut short
     * ({@link StoreException#STOPPED}) are neither the storage's errors nor its successes.
     */
    static double errorPercentOfWhatRan(CellStats cell) {
        long stopped = cell.errorsByClass().getOrDefault(StoreException.STOPPED, 0L);
        long attempted = cell.attempted() - stopped;
        return attempted == 0 ? 0 : 100.0 * (cell.errors() - stopped) / attempted;
    }

    /** Each threshold against every one-second interval: one breach per threshold, naming the worst second. */
    private static List<Breach> perSecond(String stage, String label, CellStats cell, FailOn failOn) {
        List<Breach> breaches = new ArrayList<>();
        List<Snapshot> seconds = cell.timeline();
        if (failOn.errorRatePercent().isPresent()) {
            double limit = failOn.errorRatePercent().getAsDouble();
            List<Snapshot> crossed = seconds.stream().filter(s -> s.errorPercent() > limit).toList();
            crossed.stream().max(Comparator.comparingDouble(Snapshot::errorPercent)).ifPresent(worst ->
                    breaches.add(new Breach(stage, label, "error rate in " + crossed.size() + " of " + seconds.size()
                            + " seconds, worst at " + Units.seconds(worst.endNanos()),
                            String.format(Locale.ROOT, "%.2f%%", worst.errorPercent()),
                            String.format(Locale.ROOT, "%s%%", trim(limit)))));
        }
        for (Map.Entry<Percentile, Duration> limit : failOn.latency().entrySet()) {
            long nanos = limit.getValue().toNanos();
            List<Snapshot> crossed = seconds.stream().filter(s -> s.latency(limit.getKey()) > nanos).toList();
            crossed.stream().max(Comparator.comparingLong(s -> s.latency(limit.getKey()))).ifPresent(worst ->
                    breaches.add(new Breach(stage, label, "latency " + limit.getKey().key() + " in " + crossed.size()
                            + " of " + seconds.size() + " seconds, worst at " + Units.seconds(worst.endNanos()),
                            Units.latency(worst.latency(limit.getKey())), Units.latency(nanos))));
        }
        return breaches;
    }

    private static List<Breach> latency(StageResult result, String label, String metric, Histogram histogram,
                                        FailOn failOn) {
        List<Breach> breaches = new ArrayList<>();
        for (Map.Entry<Percentile, Duration> limit : failOn.latency().entrySet()) {
            long measured = Units.statNanos(histogram, limit.getKey());
            if (measured > limit.getValue().toNanos()) {
                breaches.add(new Breach(result.stage().name(), label, metric + limit.getKey().key(),
                        Units.latency(measured), Units.latency(limit.getValue().toNanos())));
            }
        }
        return breaches;
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
