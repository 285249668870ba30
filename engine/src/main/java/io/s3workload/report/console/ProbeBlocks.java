package io.s3workload.report.console;

import io.s3workload.ground.Durations;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.convergence.ConvergenceStats;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.ConvergencePairs;
import io.s3workload.result.StageResult;
import io.s3workload.workload.ConsistencyProbe;
import java.util.Locale;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The console's blocks for consistency probes, in the seed t3-validator's reading order and wording: pair by pair;
 * the consistency table of the run summary; and the figures the kinds that read back (transcode) show as they do.
 */
public final class ProbeBlocks {

    private ProbeBlocks() {
    }

    /**
     * The text of a consistency probe's kind, whose block {@code heading} names: its writers and readers in the header,
     * then its pairs ({@link #convergence}) and its cells.
     */
    public static StageText text(Function<StagePlan, Heading> heading) {
        return new StageText() {
            @Override
            public String header(StagePlan stage) {
                return "writers " + String.join(", ", stage.roles().writers()) + ", readers "
                        + stage.roles().readersText() + (stage.concurrency() > 1
                        ? ", " + Units.count(stage.concurrency(), "iteration") + " at once" : "");
            }

            @Override
            public String blocks(StageResult result, Console console) {
                return convergence(result, heading.apply(result.stage())) + console.cells(result, true);
            }
        };
    }

    /** The probe's heading, then per pair: Convergence and Distribution lines. */
    static String convergence(StageResult result, Heading kind) {
        ConsistencyProbe probe = kind.probe();
        String title = kind.title();
        String what = kind.what();
        String objects = kind.objects();
        StringBuilder b = new StringBuilder();
        b.append("  ").append(what).append(" (").append(title).append(") (")
                .append(Units.count(probe.iterations(), "iteration")).append(objects).append(", ").append(probe.size()).append(", poll every ")
                .append(Durations.format(probe.pollInterval())).append(", timeout ")
                .append(Durations.format(probe.timeout())).append(")\n");
        String immediate = probe.immediateWithin().isZero() ? "Immediate"
                : "Immediate (<" + Durations.format(probe.immediateWithin()) + ")";
        for (ConvergenceStats pair : ConvergencePairs.in(result)) {
            b.append("  ").append(pair.label()).append(" (").append(Units.count(pair.iterations(), "iteration"))
                    .append(", ")
                    .append(pair.sameEndpoint() ? "same endpoint" : "cross endpoint").append(")\n");
            Histogram h = pair.convergence();
            b.append("    Convergence  - ").append(h.getTotalCount() == 0 ? "none converged"
                    : avgP95P99(h) + showingRead(pair.showingRead())).append('\n');
            b.append("    Distribution - ").append(immediate).append(": ").append(pct(pair.immediatePercent()))
                    .append(", Eventual: ").append(pct(pair.eventualPercent()))
                    .append(", Timeout: ").append(pct(pair.timeoutPercent()));
            if (pair.failed() > 0) {
                b.append(", Failed writes: ").append(pct(pair.failedPercent()));
            }
            if (pair.stale() > 0) {
                b.append(" | stale reads in ").append(Units.count(pair.stale(), "iteration"));
            }
            b.append('\n');
            b.append("    Polls        - ").append(polls(pair, kind.listing())).append('\n');
        }
        boolean clean = ConvergencePairs.in(result).stream().allMatch(p -> p.timedOut() == 0 && p.failed() == 0);
        b.append("  ").append(clean ? "SUCCESS" : "FAILURE").append(" - ").append(title)
                .append(" test completed (").append(Units.seconds(result.wallNanos())).append(")\n");
        return b.toString();
    }

    /**
     * What a consistency probe is, as its block names it: its settings, its title ("Read-After-Write Consistency"),
     * what a pair does ("PUT|GET"), the objects an iteration writes where more than one ("" or " of 10 objects"),
     * and whether its readers list (so that its polls are listings).
     */
    public record Heading(ConsistencyProbe probe, String title, String what, String objects, boolean listing) {
    }

    /**
     * {@code 7 reads: 1 answered, 6 not yet (404), 0 failed}: a probe's polls, which are its signal and not load;
     * a listing that lacked keys was answered, and is counted as "not yet" too.
     */
    public static String polls(ConvergenceStats pair, boolean listing) {
        long answered = pair.polls() - pair.pollErrors() - pair.notYet();
        if (listing) {
            return count(pair.polls(), "listing") + ": " + pair.notYet() + " without every key yet, " + answered
                    + " with every key, " + pair.pollErrors() + " failed";
        }
        return count(pair.polls(), "read") + ": " + answered + " returned the object, " + pair.notYet()
                + " not yet (404), " + pair.pollErrors() + " failed";
    }

    private static String count(long n, String thing) {
        return n + " " + thing + (n == 1 ? "" : "s");
    }

    /** {@code ; that read took 2.51 ms}, {@code ; the reads that showed it took Avg: 2.51 ms, P99: 3.10 ms}. */
    private static String showingRead(Histogram h) {
        return h.getTotalCount() == 1 ? "; the read that showed it took " + Units.latency(Units.statNanos(h,
                Percentile.MAX)) : "; the reads that showed it took " + Units.latencyStats(h, false, Percentile.AVG,
                Percentile.P99);
    }

    /** {@code Avg: 2.51 ms, P95: 2.90 ms, P99: 3.10 ms}. */
    public static String avgP95P99(Histogram h) {
        return Units.latencyStats(h, false, Percentile.AVG, Percentile.P95, Percentile.P99);
    }

    /** {@code 97.5%}. */
    public static String pct(double percent) {
        return String.format(Locale.ROOT, "%.1f%%", percent);
    }
}
