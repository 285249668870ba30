package io.s3workload.kinds.capacity;

import io.s3workload.ground.Durations;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.Shard;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.objects.DataShape;
import io.s3workload.workload.objects.ObjectSettings;
import io.s3workload.workload.objects.ObjectsFrom;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * {@code kind: capacity}: the highest load a store sustains within an SLO, searched for. One {@link #load()} (a get,
 * put, head, mix or rangeRead body) is offered in steps, each held for {@code hold} after an unmeasured
 * {@code settle}: rates growing by a factor (open loop) or users growing by a step (closed loop). Once a step breaks
 * the SLO the search bisects between the last step that held and the first that broke until they are within
 * {@code precision}. After a step that broke, the load pauses until one probe request is about as fast as it was
 * unloaded ({@code coolDown} at most), so the next step is not judged on the last one's backlog.
 *
 * @param load      the body offered at every step: its settings (endpoint, sizes, from, access, data, client);
 *                  its pacing and stop are the search's
 * @param hold      how long each step is measured
 * @param settle    how long each step runs unmeasured first
 * @param precision how close, in percent of the lower, the last step that held and the first that broke must be
 * @param duration  the most the whole search may take; it ends with the best answer so far, marked incomplete
 * @param coolDown  the most a pause after a broken step may last
 */
public record CapacityStage(StageCommon common, StageSpec load, Slo slo, Search search, Duration hold,
                            Duration settle, double precision, Duration duration, Duration coolDown)
        implements StageSpec {

    public static final Duration DEFAULT_HOLD = Duration.ofSeconds(10);
    public static final Duration DEFAULT_SETTLE = Duration.ofSeconds(2);
    public static final String DEFAULT_PRECISION = "5%";
    public static final Duration DEFAULT_DURATION = Duration.ofMinutes(10);
    public static final Duration DEFAULT_COOL_DOWN = Duration.ofSeconds(30);
    public static final double DEFAULT_FACTOR = 1.5;

    /**
     * The service level a step must meet: latency limits on the step's (corrected) latency, the share of failed
     * operations ({@code errors}) and of those the server refused as throttling ({@code throttled}).
     */
    public record Slo(Map<Percentile, Duration> latency, OptionalDouble errorsPercent,
                      OptionalDouble throttledPercent) {

        public Slo {
            latency = latency.isEmpty() ? Map.of() : Collections.unmodifiableMap(
                    new EnumMap<>(latency));
        }

        public boolean isEmpty() {
            return latency.isEmpty() && errorsPercent.isEmpty() && throttledPercent.isEmpty();
        }

        /** {@code p99 ≤ 50 ms, errors ≤ 1%}: the clauses as a sentence writes them. */
        public String text() {
            List<String> clauses = new ArrayList<>();
            latency.forEach((p, d) -> clauses.add(p.key() + " ≤ " + Durations.format(d)));
            errorsPercent.ifPresent(e -> clauses.add("errors ≤ " + percent(e)));
            throttledPercent.ifPresent(t -> clauses.add("throttled ≤ " + percent(t)));
            return String.join(", ", clauses);
        }

        /** {@code 0.5%}, {@code 1%}. */
        public static String percent(double value) {
            return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString() + "%";
        }
    }

    /** What a step offers: an open-loop rate (operations per second) or a number of closed-loop users. */
    public enum Mode { RATE, USERS }

    /**
     * The steps: from {@code start}, each next one {@code growth} times the last (rate) or {@code growth} more
     * (users), never past {@code max}. A {@code ladder} search (one shard of several) runs the steps up to
     * {@code max} whatever each one measured, since no shard alone can judge the fleet's step: the merge does.
     */
    public record Search(Mode mode, double start, double growth, OptionalDouble max, boolean ladder) {

        /** The step after {@code load}: grown, at most {@code max}. */
        public double next(double load) {
            double next = mode == Mode.RATE ? load * growth : load + growth;
            return max.isPresent() ? Math.min(next, max.getAsDouble()) : next;
        }

        /** A load between {@code held} and {@code broke}: their middle (whole users). */
        public double between(double held, double broke) {
            double middle = (held + broke) / 2;
            return mode == Mode.USERS ? Math.floor(middle) : middle;
        }

        /** Whether {@code held} and {@code broke} are within {@code precision} percent (for users: adjacent). */
        public boolean close(double held, double broke, double precision) {
            return (broke - held) <= held * precision / 100 || mode == Mode.USERS && broke - held <= 1;
        }

        /** This search as one of {@code shard.count()}: each shard offers its share of every step, as a ladder. */
        Search shared(Shard shard) {
            if (shard.count() == 1) {
                return this;
            }
            return mode == Mode.RATE
                    ? new Search(mode, shard.rate(start), growth, max.isPresent()
                    ? OptionalDouble.of(shard.rate(max.getAsDouble())) : max, true)
                    : new Search(mode, shard.part((long) start), shard.part((long) growth), max.isPresent()
                    ? OptionalDouble.of(shard.part((long) max.getAsDouble())) : max, true);
        }
    }

    @Override
    public StageKind kind() {
        return StageKind.CAPACITY;
    }

    /**
     * {@code get load at 100/s x1.5 up to 5000/s, each step 2s settling + 10s held, bisected to 5%, at most 10m}.
     */
    public String schedule() {
        String from = search.mode() == Mode.RATE ? number(search.start()) + "/s x" + number(search.growth())
                + search.max().stream().mapToObj(m -> " up to " + number(m) + "/s").findFirst().orElse("")
                : number(search.start()) + " users +" + number(search.growth())
                + search.max().stream().mapToObj(m -> " up to " + number(m)).findFirst().orElse("");
        return load.kind().key() + " load at " + from + ", each step " + (settle.isZero() ? ""
                : Durations.format(settle) + " settling + ") + Durations.format(hold) + " held, "
                + (search.ladder() ? "every step (one shard of several)" : "bisected to " + Slo.percent(precision))
                + ", at most " + Durations.format(duration);
    }

    /** The time a ladder gives each step: settling, holding, and room for the step's last operations to end. */
    public Duration period() {
        return settle.plus(hold).plus(hold.compareTo(Duration.ofSeconds(1)) > 0 ? hold : Duration.ofSeconds(1));
    }

    /**
     * The most steps the search can run: growing from {@code start} to {@code max}, then bisecting a step's gap down
     * to the precision; empty without a {@code max} (the total {@code duration} bounds it then).
     */
    public OptionalInt mostSteps() {
        if (search.max().isEmpty()) {
            return OptionalInt.empty();
        }
        double max = search.max().getAsDouble();
        int growth = 1;
        for (double load = search.start(); load < max; load = search.next(load)) {
            growth++;
        }
        if (search.ladder()) {
            return OptionalInt.of(growth);
        }
        double gap = search.mode() == Mode.RATE ? search.growth() - 1 : search.growth() / search.start();
        int bisections = (int) Math.max(0, Math.ceil(Math.log(gap / (precision / 100)) / Math.log(2)));
        return OptionalInt.of(growth + bisections);
    }

    /**
     * The most load the search offers: its {@code max}, else for a users search its {@code workers}, else no bound
     * (its duration bounds it then).
     */
    public double mostLoad(int workers) {
        return search.max().orElse(search.mode() == Mode.USERS ? workers : Double.POSITIVE_INFINITY);
    }

    /** A search's length depends on what it measures, except a shard's ladder, on a fixed schedule. */
    @Override
    public Optional<OwnLength> ownLength() {
        return Optional.of(new OwnLength(search.ladder() && mostSteps().isPresent()
                ? Optional.of(period().multipliedBy(mostSteps().getAsInt())) : Optional.empty(),
                longest()));
    }

    /** {@code at most 14 steps of 25s (5m50s, and cool-downs), at most 20m}: how long the search may take. */
    public String longest() {
        Duration step = settle.plus(hold);
        return mostSteps().stream().mapToObj(n -> "at most " + n + " steps of " + Durations.format(step) + " ("
                + Durations.format(step.multipliedBy(n)) + (search.ladder() ? "" : " and cool-downs") + "), ")
                .findFirst().orElse("") + "never more than " + Durations.format(duration);
    }

    private static String number(double value) {
        return BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
    }

    @Override
    public Optional<String> readsFrom() {
        return load.readsFrom();
    }

    @Override
    public Optional<ObjectsFrom.Prefix> existing() {
        return load.existing();
    }

    @Override
    public ObjectSettings writes() {
        return load.writes();
    }

    @Override
    public Optional<DataShape> bodies() {
        return load.bodies();
    }

    @Override
    public CapacityStage shared(Shard shard, int defaultWorkers) {
        return new CapacityStage(common.shared(shard, kind(), defaultWorkers), load.shared(shard, defaultWorkers), slo,
                search.shared(shard), hold, settle, precision, duration, coolDown);
    }
}
