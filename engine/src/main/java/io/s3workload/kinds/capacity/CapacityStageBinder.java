package io.s3workload.kinds.capacity;

import static io.s3workload.workload.yaml.Keys.Context.CAPACITY_RATE;
import static io.s3workload.workload.yaml.Keys.Context.CAPACITY_USERS;
import static io.s3workload.workload.yaml.Keys.Context.SLO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.ground.Percentile;
import io.s3workload.workload.OfferedLoad;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.yaml.Composites;
import io.s3workload.workload.yaml.Fields;
import io.s3workload.workload.yaml.Key;
import io.s3workload.workload.yaml.Keys;
import io.s3workload.workload.yaml.Keys.Scale;
import io.s3workload.workload.yaml.LoadBinder;
import io.s3workload.workload.yaml.LocatedTree;
import io.s3workload.workload.yaml.StageBinder;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** {@code kind: capacity}: the {@code load} offered, the {@code slo}, the steps ({@code rate} or {@code users}). */
public final class CapacityStageBinder implements StageBinder {

    /** The kinds a search can offer, as written. */
    static final List<StageKind> BODIES = List.of(StageKind.GET, StageKind.PUT, StageKind.HEAD, StageKind.MIX,
            StageKind.RANGE_READ);
    /** What each step sets in the load, so the load may not. */
    private static final List<String> SEARCH_OWNS = List.of("duration", "operations", "rate", "ramp", "thinkTime",
            "concurrency", "warmUp", "stopWhenStable");

    /** Its keys, and those of the mappings only it takes ({@code slo}, {@code rate}, {@code users}). */
    @Override
    public List<Key> keys() {
        return List.of(
            own("load", "capacityLoad", null, "{kind: get, from: seed}", "What a capacity"
                    + " search offers at every step: a get, put, head, mix or rangeRead stage's settings (endpoint,"
                    + " sizes, from, access, data, client), without its pacing or stop."),
            own("slo", "slo", null, "{p99: 50ms, errors: 1%}",
                    "What a step must meet to hold: latency limits, errors and throttled shares."),
            own("rate", "capacityRate", null, "{start: 100/s, factor: 1.5, max: 5000/s}",
                    "Search over open-loop rates: from start, each step factor times the last (rate or users)."),
            own("users", "capacityUsers", null, "{start: 10, step: 50, max: 500}",
                    "Search over closed-loop users (workers): from start, each step so many more (rate or users)."),
            own("hold", "duration", CapacityStage.DEFAULT_HOLD, "30s",
                    "How long each step is measured.").scaled(Scale.DURATION),
            own("settle", "duration", CapacityStage.DEFAULT_SETTLE, "5s",
                    "How long each step runs unmeasured before its hold.").scaled(Scale.DURATION),
            own("precision", "percent", CapacityStage.DEFAULT_PRECISION, "2%", "How close the last step that held"
                    + " and the first that broke must be, in percent of the lower, to end the search."),
            own("duration", "duration", CapacityStage.DEFAULT_DURATION, "30m",
                    "The most the whole search may take; it then ends with the best answer so far.")
                    .scaled(Scale.DURATION),
            own("coolDown", "duration", CapacityStage.DEFAULT_COOL_DOWN, "1m", "The most a"
                    + " pause after a step that broke may last, waiting for one request to be as fast as unloaded."),
            Keys.in(SLO, "errors", "percent", null, "1%",
                    "A step breaks when more than this share of its operations failed."),
            Keys.in(SLO, "throttled", "percent", null, "0.5%",
                    "A step breaks when more than this share of its operations were refused as throttling (503, 429)."),
            Keys.in(SLO, "avg", "duration", null, "20ms", "A step breaks when its average latency is above this."),
            Keys.in(SLO, "p50", "duration", null, "10ms", "A step breaks when its median latency is above this."),
            Keys.in(SLO, "p90", "duration", null, "30ms",
                    "A step breaks when its 90th percentile latency is above this."),
            Keys.in(SLO, "p95", "duration", null, "40ms",
                    "A step breaks when its 95th percentile latency is above this."),
            Keys.in(SLO, "p99", "duration", null, "50ms",
                    "A step breaks when its 99th percentile latency is above this."),
            Keys.in(SLO, "p99.9", "duration", null, "200ms",
                    "A step breaks when its 99.9th percentile latency is above this."),
            Keys.in(SLO, "max", "duration", null, "1s",
                    "A step breaks when its slowest operation took longer than this."),
            Keys.in(CAPACITY_RATE, "start", "rate", null, "100/s", "The first step's rate."),
            Keys.in(CAPACITY_RATE, "factor", "ratio", CapacityStage.DEFAULT_FACTOR, 2,
                    "Each step's rate over the last's (more than 1)."),
            Keys.in(CAPACITY_RATE, "max", "rate", null, "5000/s", "The highest rate offered."),
            Keys.in(CAPACITY_USERS, "start", "count", null, 10, "The first step's users."),
            Keys.in(CAPACITY_USERS, "step", "count", null, 50, "Users added at each step."),
            Keys.in(CAPACITY_USERS, "max", "count", null, 500,
                    "The most users offered (by default the stage's concurrency)."));
    }

    private static Key own(String name, String type, Object defaultValue, Object example, String description) {
        return Keys.stage(EnumSet.of(StageKind.CAPACITY), name, type, defaultValue, example, description);
    }

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        Optional<CapacityStage.Slo> slo = slo(f);
        Optional<CapacityStage.Search> search = search(f, common);
        Duration hold = f.durationOr("hold");
        Duration settle = f.durationOr("settle");
        double precision = f.percentOr("precision");
        if (precision <= 0) {
            f.binding().problem(f.child("precision"), "must be more than 0%: the search ends when the last step that"
                    + " held and the first that broke are this close");
        }
        Duration duration = f.durationOr("duration");
        Duration coolDown = f.durationOr("coolDown");
        Optional<StageSpec> load = load(f, common);
        if (slo.isEmpty() || search.isEmpty() || load.isEmpty() || precision <= 0) {
            return Optional.empty();
        }
        return Optional.of(new CapacityStage(common, load.get(), slo.get(), search.get(), hold, settle, precision,
                duration, coolDown));
    }

    private static Optional<CapacityStage.Slo> slo(Fields f) {
        if (!f.has("slo")) {
            if (!f.mentions("slo")) {
                f.binding().problem(f.pointer(), "missing 'slo': what a step must meet to hold, e.g. slo: {p99: 50ms,"
                        + " errors: 1%}");
            }
            return Optional.empty();
        }
        return f.object("slo", Keys.in(Keys.Context.SLO), "a service level, e.g. slo: {p99: 50ms, errors: 1%}")
                .flatMap(s -> {
                    EnumMap<Percentile, Duration> latency = new EnumMap<>(Percentile.class);
                    for (Percentile p : Percentile.values()) {
                        s.duration(p.key()).ifPresent(d -> latency.put(p, d));
                    }
                    CapacityStage.Slo slo = new CapacityStage.Slo(latency, s.percent("errors"),
                            s.percent("throttled"));
                    if (slo.isEmpty()) {
                        f.binding().problem(f.child("slo"), "an SLO needs at least one clause: a latency limit (p50,"
                                + " p90, p95, p99, p99.9, max, avg), errors or throttled, e.g. {p99: 50ms}");
                        return Optional.empty();
                    }
                    return Optional.of(slo);
                });
    }

    private static Optional<CapacityStage.Search> search(Fields f, StageCommon common) {
        boolean rate = f.has("rate");
        if (rate && f.has("users")) {
            f.binding().problem(f.child("users"), "give 'rate' or 'users', not both: a search offers open-loop rates"
                    + " or closed-loop users");
            return Optional.empty();
        }
        if (!rate && !f.has("users")) {
            if (!f.mentions("rate") && !f.mentions("users")) {
                f.binding().problem(f.pointer(), "missing 'rate' or 'users': the steps to offer, e.g. rate: {start:"
                        + " 100/s, factor: 1.5} or users: {start: 10, step: 50}");
            }
            return Optional.empty();
        }
        if (f.has("rate")) {
            return f.object("rate", Keys.in(Keys.Context.CAPACITY_RATE), "rates, e.g. rate: {start: 100/s,"
                    + " factor: 1.5}").flatMap(r -> {
                        OptionalDouble start = r.requiredText("start", "the first step's rate, e.g. start: 100/s")
                                .map(t -> LoadBinder.rate(r, r.child("start"), t)).orElse(OptionalDouble.empty());
                        OptionalDouble max = r.text("max").map(t -> LoadBinder.rate(r, r.child("max"), t))
                                .orElse(OptionalDouble.empty());
                        double factor = factor(r);
                        if (start.isPresent() && !(start.getAsDouble() > 0)) {
                            r.binding().problem(r.child("start"), "must be more than 0/s");
                            return Optional.empty();
                        }
                        if (start.isEmpty() || Double.isNaN(factor) || !bounded(r, start.getAsDouble(), max, "/s")) {
                            return Optional.empty();
                        }
                        return Optional.of(new CapacityStage.Search(CapacityStage.Mode.RATE, start.getAsDouble(),
                                factor, max, false));
                    });
        }
        return f.object("users", Keys.in(Keys.Context.CAPACITY_USERS), "users, e.g. users: {start: 10, step: 50}")
                .flatMap(u -> {
                    OptionalLong start = u.longAtLeast("start", 1);
                    if (!u.has("start") && !u.mentions("start")) {
                        u.binding().problem(u.pointer(), "missing 'start': the first step's users, e.g. start: 10");
                    }
                    OptionalLong step = u.longAtLeast("step", 1);
                    OptionalLong max = u.longAtLeast("max", 1);
                    OptionalDouble maxUsers = max.isPresent() ? OptionalDouble.of(max.getAsLong())
                            : OptionalDouble.empty();
                    if (max.isPresent() && common.concurrency().isPresent()
                            && max.getAsLong() > common.concurrency().getAsInt()) {
                        u.binding().problem(u.child("max"), "is more than the stage's concurrency ("
                                + common.concurrency().getAsInt() + "), the most operations it has in flight; raise"
                                + " concurrency or lower max");
                        return Optional.empty();
                    }
                    if (start.isEmpty() || !bounded(u, start.getAsLong(), maxUsers, " users")) {
                        return Optional.empty();
                    }
                    return Optional.of(new CapacityStage.Search(CapacityStage.Mode.USERS, start.getAsLong(),
                            step.orElse(start.getAsLong()), maxUsers, false));
                });
    }

    /** {@code factor}: more than 1, or NaN (reported). */
    private static double factor(Fields r) {
        Optional<String> text = r.text("factor");
        if (text.isEmpty()) {
            return r.defaultOf("factor").asDouble();
        }
        try {
            double factor = Double.parseDouble(text.get().trim().replaceAll("x$", ""));
            if (factor > 1 && Double.isFinite(factor)) {
                return factor;
            }
            r.binding().problem(r.child("factor"), "must be more than 1 (each step's rate over the last's), got "
                    + text.get().trim());
        } catch (NumberFormatException e) {
            r.binding().problem(r.child("factor"), "expected a number more than 1 like 1.5, got \"" + text.get()
                    + "\"");
        }
        return Double.NaN;
    }

    /** Whether {@code start} is at most {@code max} (reported when not). */
    private static boolean bounded(Fields f, double start, OptionalDouble max, String unit) {
        if (max.isPresent() && start > max.getAsDouble()) {
            f.binding().problem(f.child("start"), "is above max (" + number(start) + unit + " > "
                    + number(max.getAsDouble()) + unit + "): the search would have no step to offer");
            return false;
        }
        return true;
    }

    private static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /**
     * The load: a stage of a kind that can be offered, named as the capacity stage, on its endpoint, without the
     * settings each step sets, reading objects that exist before the search (one that would seed or upload its own
     * would do so at every step).
     */
    private static Optional<StageSpec> load(Fields f, StageCommon common) {
        JsonNode node = f.raw("load");
        if (node == null || node.isNull()) {
            if (!f.mentions("load")) {
                f.binding().problem(f.pointer(), "missing 'load': what each step offers, e.g. load: {kind: get, from:"
                        + " seed}");
            }
            return Optional.empty();
        }
        String pointer = f.child("load");
        if (!(node instanceof ObjectNode object)) {
            f.binding().problem(pointer, "expected a stage's settings, e.g. {kind: get, from: seed}, got "
                    + Fields.describe(node));
            return Optional.empty();
        }
        Optional<StageKind> kind = StageKind.fromKey(object.path("kind").asText(""));
        if (kind.isPresent() && !BODIES.contains(kind.get())) {
            List<String> names = BODIES.stream().map(StageKind::key).toList();
            f.binding().problem(LocatedTree.child(pointer, "kind"), "a capacity search offers a "
                    + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1)
                    + " load, not "
                    + kind.get().key() + (kind.get().probe() ? " (a probe paces itself)" : ""));
            return Optional.empty();
        }
        boolean owned = false;
        for (String key : SEARCH_OWNS) {
            if (object.has(key)) {
                f.binding().keyProblem(LocatedTree.child(pointer, key), "each step of the search sets the load's "
                        + key + " (" + (key.equals("duration") || key.equals("operations") ? "hold" : key.equals(
                        "warmUp") ? "settle" : key.equals("concurrency") ? "the capacity stage's concurrency"
                        : "rate or users") + "); remove '" + key + "' here");
                owned = true;
            }
        }
        if (object.has("endpoint") && common.endpoint().isPresent()) {
            f.binding().keyProblem(LocatedTree.child(pointer, "endpoint"), "the endpoint is given on the capacity"
                    + " stage already; give it in one place");
            owned = true;
        }
        if (!object.has("name")) {
            object.put("name", common.name());
        }
        common.endpoint().ifPresent(e -> object.put("endpoint", e));
        if (!owned) {
            object.put("duration", "1s"); // a stop it must have to bind; each step's hold replaces it
        }
        Optional<StageSpec> load = Composites.inner(f, "load", node);
        if (owned || load.isEmpty()) {
            return Optional.empty();
        }
        return load.filter(l -> readable(f, pointer, l));
    }

    /** A load that can be offered step after step, as its kind says ({@link OfferedLoad#unfitToRepeat}). */
    private static boolean readable(Fields f, String pointer, StageSpec load) {
        Optional<OfferedLoad.Unfit> unfit = load instanceof OfferedLoad offered ? offered.unfitToRepeat()
                : Optional.empty();
        unfit.ifPresent(u -> f.binding().problem(u.key().isEmpty() ? pointer : LocatedTree.child(pointer, u.key()),
                u.problem()));
        return unfit.isEmpty();
    }
}
