package io.s3workload.kinds.capacity;

import com.fasterxml.jackson.core.type.TypeReference;
import io.s3workload.ground.Keyed;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.result.Finding;
import io.s3workload.result.StageOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A capacity search as it ran: the SLO it judged by, what it offered and, step by step in the order run, the load
 * offered and whether the client was what limited it. The stage's cells are the steps' (the i-th cell is the i-th
 * step's), so the verdict is always judged on the cells: a shard's own, or the fleet's after a merge.
 *
 * @param ended why the search stopped: {@link End}
 */
public record CapacitySearch(CapacityStage.Slo slo, CapacityStage.Mode mode, double precision, List<Step> steps,
                             End ended) implements StageOutcome {

    /** summary.json's {@code capacity}: the search and its answer, judged on the stage's cells. */
    public static final Type<CapacitySearch, CapacityJson.Search> TYPE = new Type<>("capacity", CapacitySearch.class,
            new TypeReference<>() {
            }, CapacitySearch::kept, (kept, histograms) -> Optional.of(read(kept)), CapacitySearch::sum, null);

    public CapacitySearch {
        steps = List.copyOf(steps);
    }

    @Override
    public Type<?, ?> type() {
        return TYPE;
    }

    @Override
    public Finding finding(String stage, List<CellStats> cells) {
        return new CapacityFinding(stage, this, cells);
    }

    /** The i-th cell is the i-th step's, run as a stage of its own name: {@code <stage>.step<i + 1>}. */
    @Override
    public Optional<String> cellStage(String stage, int i) {
        return i < steps.size() ? Optional.of(stage + ".step" + (i + 1)) : Optional.empty();
    }

    /** The search as summary.json keeps it: judged on {@code cells}, its answer in words and each step. */
    private static CapacityJson.Search kept(CapacitySearch search, List<CellStats> cells) {
        Verdict v = search.judge(cells);
        Map<String, Double> latency = new LinkedHashMap<>();
        search.slo().latency().forEach((p, d) -> latency.put(p.key(), d.toNanos() / 1e6));
        CapacityJson.Slo slo = new CapacityJson.Slo(latency, search.slo().errorsPercent().isPresent()
                ? search.slo().errorsPercent().getAsDouble() : null, search.slo().throttledPercent().isPresent()
                ? search.slo().throttledPercent().getAsDouble() : null);
        List<CapacityJson.Step> steps = v.steps().stream().map(j -> {
            CellStats c = j.cell();
            return new CapacityJson.Step(j.index() + 1, c.key().stage(), j.offered(), c.opsPerSecond(),
                    j.ms(Percentile.P50), j.ms(Percentile.P99), j.ms(Percentile.MAX), c.errorPercent(),
                    c.throttledPercent(), j.held(), j.broken(), j.clientBound().orElse(null));
        }).toList();
        String what = v.steps().isEmpty() ? "" : v.steps().get(0).cell().key().label();
        return new CapacityJson.Search(Keyed.word(search.mode()), slo, search.precision(),
                v.sustained().map(Judged::offered).orElse(null),
                v.sustained().map(j -> j.cell().opsPerSecond()).orElse(null),
                new CapacityJson.Broke(v.broke().map(Judged::broken).orElse(List.of()),
                        v.broke().map(Judged::offered).orElse(null)),
                new CapacityJson.ClientBound(v.clientLimit().flatMap(Judged::clientBound).orElse(null),
                        v.clientLimit().map(Judged::offered).orElse(null)), Keyed.word(search.ended()),
                v.complete(), v.steps().isEmpty() ? "No step ran." : search.sentence(v, what), steps);
    }

    /** A search as a summary.json gives it: for the merge to judge again on its cells. */
    public static CapacitySearch read(CapacityJson.Search c) {
        EnumMap<Percentile, Duration> latency = new EnumMap<>(Percentile.class);
        c.slo().latencyMs().forEach((k, ms) -> latency.put(Percentile.fromKey(k).orElseThrow(),
                Duration.ofNanos(Math.round(ms * 1e6))));
        var slo = new CapacityStage.Slo(latency, c.slo().errorsPercent() == null
                ? OptionalDouble.empty() : OptionalDouble.of(c.slo().errorsPercent()),
                c.slo().throttledPercent() == null ? OptionalDouble.empty()
                        : OptionalDouble.of(c.slo().throttledPercent()));
        return new CapacitySearch(slo, Keyed.parse(CapacityStage.Mode.class, c.mode()).orElseThrow(),
                c.precisionPercent(), c.steps().stream().map(s -> new Step(s.offered(),
                        Optional.ofNullable(s.clientBound()))).toList(),
                Keyed.parse(End.class, c.ended()).orElseThrow());
    }

    /**
     * One step: the load offered (operations per second, or users) and, when the client could not offer it while the
     * store was not the cause, why ({@code clientBound}: empty otherwise).
     */
    public record Step(double offered, Optional<String> clientBound) {
    }

    /** Why a search stopped. */
    public enum End {
        /** The last step that held and the first that broke are within the precision. */
        CONVERGED,
        /** Every step held up to {@code max}. */
        MAX,
        /** The whole search's {@code duration} ran out. */
        DURATION,
        /** The client could not offer a step that broke: the answer is a lower bound. */
        CLIENT,
        /** Most operations of a step failed: the search stopped without bisecting. */
        ERRORS,
        /** A step had nothing to do (its load found nothing to read: the notes say why). */
        EMPTY,
        /** Every step ran, as one shard of several, for the merge to judge. */
        LADDER,
        /** The run was stopped (Ctrl-C). */
        INTERRUPTED
    }

    /**
     * The searches of several shards as the fleet's: each step's offered load summed over the shards that ran it
     * (each offered its share at the same moments), client-bound where any shard was; the merge judges the steps on
     * the merged cells. Shards run the same ladder, so their steps line up; a shard that stopped early (interrupted)
     * leaves the fleet with the steps all of them ran.
     */
    public static CapacitySearch sum(List<CapacitySearch> shards) {
        CapacitySearch first = shards.get(0);
        int count = shards.stream().mapToInt(s -> s.steps().size()).min().orElse(0);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            final int step = i;
            steps.add(new Step(shards.stream().mapToDouble(s -> s.steps().get(step).offered()).sum(),
                    shards.stream().map(s -> s.steps().get(step).clientBound()).flatMap(Optional::stream)
                            .findFirst()));
        }
        End ended = shards.stream().map(CapacitySearch::ended).filter(e -> e != End.LADDER).findFirst()
                .orElse(End.LADDER);
        return new CapacitySearch(first.slo(), first.mode(), first.precision(), steps, ended);
    }

    /** A step judged: its load, its cell, the SLO clauses it broke ({@code p99 61.20 ms > 50 ms}). */
    public record Judged(int index, double offered, CellStats cell, List<String> broken, Optional<String> clientBound) {

        public boolean held() {
            return broken.isEmpty();
        }

        /** The step's latency statistic {@code p} in milliseconds; null when no operation succeeded. */
        public Double ms(Percentile p) {
            return cell.latency().getTotalCount() == 0 ? null : Units.statNanos(cell.latency(), p) / 1e6;
        }

        /** A broken step the client could not offer is not the store's limit. */
        public boolean storeBroke() {
            return !held() && clientBound.isEmpty();
        }
    }

    /**
     * The answer: the highest load that held below the lowest the store broke ({@code sustained}, empty when none
     * did), what was measured there, and the step the store first broke at with the clauses it broke.
     */
    public record Verdict(List<Judged> steps, Optional<Judged> sustained, Optional<Judged> broke,
                          Optional<Judged> clientLimit, End ended) {

        /** Whether the answer is final: the search converged, or held up to its max. */
        public boolean complete() {
            return ended == End.CONVERGED || ended == End.MAX || ended == End.LADDER;
        }
    }

    /** The steps judged on {@code cells} (the stage's, one per step) against the SLO. */
    public Verdict judge(List<CellStats> cells) {
        List<Judged> judged = new ArrayList<>();
        for (int i = 0; i < steps.size() && i < cells.size(); i++) {
            judged.add(new Judged(i, steps.get(i).offered(), cells.get(i), broken(slo, cells.get(i)),
                    steps.get(i).clientBound()));
        }
        Optional<Judged> broke = judged.stream().filter(Judged::storeBroke)
                .min(Comparator.comparingDouble(Judged::offered));
        double ceiling = broke.map(Judged::offered).orElse(Double.POSITIVE_INFINITY);
        Optional<Judged> sustained = judged.stream().filter(j -> j.held() && j.offered() < ceiling)
                .max(Comparator.comparingDouble(Judged::offered));
        Optional<Judged> clientLimit = judged.stream().filter(j -> !j.held() && j.clientBound().isPresent()
                && j.offered() < ceiling).min(Comparator.comparingDouble(Judged::offered));
        return new Verdict(judged, sustained, broke, clientLimit, ended);
    }

    /** The clauses of {@code slo} that {@code cell} broke, each with what was measured and the limit. */
    public static List<String> broken(CapacityStage.Slo slo, CellStats cell) {
        List<String> broken = new ArrayList<>();
        double errors = cell.errorPercent();
        if (slo.errorsPercent().isPresent() && errors > slo.errorsPercent().getAsDouble()) {
            broken.add(String.format(Locale.ROOT, "errors %.2f%% > %s", errors,
                    CapacityStage.Slo.percent(slo.errorsPercent().getAsDouble())));
        }
        double throttled = cell.throttledPercent();
        if (slo.throttledPercent().isPresent() && throttled > slo.throttledPercent().getAsDouble()) {
            broken.add(String.format(Locale.ROOT, "throttled %.2f%% > %s", throttled,
                    CapacityStage.Slo.percent(slo.throttledPercent().getAsDouble())));
        }
        for (Map.Entry<Percentile, Duration> limit : slo.latency().entrySet()) {
            long measured = cell.latency().getTotalCount() == 0 ? Long.MAX_VALUE
                    : Units.statNanos(cell.latency(), limit.getKey());
            if (measured > limit.getValue().toNanos()) {
                broken.add(limit.getKey().key() + " " + (measured == Long.MAX_VALUE ? "none succeeded"
                        : Units.latency(measured)) + " > " + Units.latency(limit.getValue().toNanos()));
            }
        }
        return broken;
    }

    /**
     * Which step of the search {@code cell} measured: {@code step 3, 75.0/s offered}, and {@code , client-bound}
     * when the client, not the store, was its limit.
     */
    @Override
    public Optional<String> cellLabel(String stage, CellStats cell) {
        String prefix = stage + ".step";
        if (!cell.key().stage().startsWith(prefix)) {
            return Optional.empty();
        }
        int n;
        try {
            n = Integer.parseInt(cell.key().stage().substring(prefix.length()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (n < 1 || n > steps().size()) {
            return Optional.of("step " + n);
        }
        Step step = steps().get(n - 1);
        return Optional.of("step " + n + ", " + load(step.offered()) + " offered"
                + (step.clientBound().isPresent() ? ", client-bound" : ""));
    }

    @Override
    public boolean labelsCells() {
        return true;
    }

    /** {@code 1,840/s} or {@code 120 users}. */
    public String load(double offered) {
        return mode == CapacityStage.Mode.RATE ? Units.roundedRate(offered) + "/s" : Math.round(offered) + " users";
    }

    /**
     * The answer in one sentence: {@code Sustained 1,840/s GET 1 MiB within p99 ≤ 50 ms (measured 1,836 ops/s,
     * p99 41.20 ms); p99 broke first, at 1,932/s (p99 80.10 ms > 50 ms).}
     */
    public String sentence(Verdict v, String what) {
        StringBuilder b = new StringBuilder();
        if (v.sustained().isPresent()) {
            Judged s = v.sustained().get();
            boolean lowerBound = v.broke().isEmpty() || v.clientLimit().isPresent();
            b.append(lowerBound ? "Sustained at least " : "Sustained ").append(load(s.offered())).append(" ")
                    .append(what).append(" within ").append(slo.text()).append(" (measured ")
                    .append(Units.roundedRate(s.cell().opsPerSecond())).append(" ops/s, p99 ")
                    .append(Units.latency(Units.statNanos(s.cell().latency(), Percentile.P99))).append(")");
        } else if (v.broke().isPresent()) {
            b.append("No step held: the first, ").append(load(v.steps().get(0).offered()))
                    .append(", already broke the SLO; start lower");
        } else {
            b.append("No step held");
        }
        if (v.clientLimit().isPresent()) {
            Judged c = v.clientLimit().get();
            b.append("; the client could not offer ").append(load(c.offered())).append(": ")
                    .append(c.clientBound().orElseThrow());
        } else if (v.broke().isPresent()) {
            Judged broke = v.broke().get();
            b.append("; ").append(clauseNames(broke.broken())).append(" broke first, at ").append(load(broke.offered()))
                    .append(" (").append(String.join(", ", broke.broken())).append(")");
        } else if (v.sustained().isPresent()) {
            b.append("; no step broke the SLO").append(v.ended() == End.MAX ? " up to max" : "");
        }
        switch (v.ended()) {
            case DURATION -> b.append(". Incomplete: the search's duration ran out");
            case INTERRUPTED -> b.append(". Incomplete: the run was stopped");
            case ERRORS -> b.append(". The search stopped: most operations of a step failed");
            case EMPTY -> b.append(". The search stopped: a step had nothing to do (see the notes)");
            default -> {
            }
        }
        return b.append('.').toString();
    }

    /** {@code p99 and errors}: the names of broken clauses. */
    private static String clauseNames(List<String> broken) {
        return String.join(" and ", broken.stream().map(c -> c.substring(0, c.indexOf(' '))).toList());
    }
}
