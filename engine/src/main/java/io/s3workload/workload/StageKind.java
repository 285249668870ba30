package io.s3workload.workload;

import io.s3workload.workload.objects.Access;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The stage kinds a workload may name in {@code kind:}, each with the traits the loader, sharding and the planner
 * go by. This is where a kind says what it is: the code that rewrites the raw YAML tree before it is typed
 * ({@code Scaling}) and the checks on the typed workload ({@code WorkloadChecks}) ask these traits, never the kind's
 * name. Adding a kind is a constant here and its line in the table of kinds ({@code io.s3workload.kinds.Kinds},
 * whose exhaustive switch over these constants the compiler holds it to), which gives every room the kind's part
 * through {@link KindParts}. See docs/developing.md, "Adding a stage kind".
 */
public enum StageKind {
    PUT("put", Endpoints.ONE, Workers.CONCURRENCY, Trait.WRITES_SOURCES, Trait.KEYS_PER_WORKER, Trait.WARM_UP,
            Trait.STOP_WHEN_STABLE, Trait.SPREADS, Trait.MOVES_DATA, Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    GET("get", Endpoints.ONE, Workers.CONCURRENCY, Trait.WRITES_SOURCES, Trait.WARM_UP, Trait.STOP_WHEN_STABLE,
            Trait.SPREADS, Trait.MOVES_DATA, Trait.PICKS_KEYS, Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    DELETE("delete", Endpoints.ONE, Workers.CONCURRENCY, Trait.SPREADS),
    HEAD("head", Endpoints.ONE, Workers.CONCURRENCY, Trait.WARM_UP, Trait.STOP_WHEN_STABLE, Trait.SPREADS,
            Trait.PICKS_KEYS, Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    LIST("list", Endpoints.ONE, Workers.CONCURRENCY, Trait.WARM_UP, Trait.STOP_WHEN_STABLE, Trait.SPREADS,
            Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    RANGE_READ("rangeRead", Endpoints.ONE, Workers.CONCURRENCY, Trait.WARM_UP, Trait.STOP_WHEN_STABLE, Trait.SPREADS,
            Trait.MOVES_DATA, Trait.PICKS_KEYS, Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    VERSIONS("versions", Endpoints.ONE, Workers.CONCURRENCY, Trait.MOVES_DATA),
    APPEND("append", Endpoints.ONE, Workers.CONCURRENCY, Trait.KEYS_PER_WORKER, Trait.STOP_WHEN_STABLE,
            Trait.MOVES_DATA, Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    COPY("copy", Endpoints.ONE, Workers.CONCURRENCY, Trait.WRITES_SOURCES, Trait.STOP_WHEN_STABLE, Trait.SPREADS,
            Trait.MOVES_DATA, Trait.PICKS_KEYS, Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    CONNECTIVITY("connectivity", Endpoints.OWN, Workers.ONE, Trait.PROBE, Trait.ENDPOINTS_ONLY),
    READ_AFTER_WRITE("readAfterWrite", Endpoints.WRITERS, Workers.ONE, Trait.PROBE, Trait.CONVERGENCE,
            Trait.MOVES_DATA),
    LIST_AFTER_WRITE("listAfterWrite", Endpoints.WRITERS, Workers.ONE, Trait.PROBE, Trait.CONVERGENCE,
            Trait.MOVES_DATA),
    MIX("mix", Endpoints.ONE, Workers.CONCURRENCY, Trait.STOP_WHEN_STABLE, Trait.SPREADS, Trait.MOVES_DATA,
            Trait.PICKS_KEYS, Trait.SEEDS_EACH_RUN, Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    TRANSCODE("transcode", Endpoints.ONE, Workers.JOBS, Trait.CONVERGENCE, Trait.STOP_WHEN_STABLE, Trait.MOVES_DATA,
            Trait.DURATION_BOUND),
    HTTP_GET("httpGet", Endpoints.URLS, Workers.CONCURRENCY, Trait.STOP_WHEN_STABLE, Trait.MOVES_DATA,
            Trait.OPERATION_BOUND),
    HISTORY("history", Endpoints.ONE, Workers.CONCURRENCY, Trait.SPREADS, Trait.MOVES_DATA, Trait.CHECKS_HISTORY,
            Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    REPLAY("replay", Endpoints.ONE, Workers.IN_FLIGHT, Trait.SPREADS, Trait.MOVES_DATA),
    CAPACITY("capacity", Endpoints.ONE, Workers.CONCURRENCY),
    SWEEP("sweep", Endpoints.ONE, Workers.MEMBERS, Trait.COMPOSITE, Trait.DURATION_BOUND, Trait.OPERATION_BOUND),
    COMPARE("compare", Endpoints.OWN, Workers.MEMBERS, Trait.COMPOSITE),
    LOOPS("loops", Endpoints.OWN, Workers.MEMBERS, Trait.COMPOSITE),
    GROUP("group", Endpoints.OWN, Workers.MEMBERS, Trait.COMPOSITE);

    /** Which endpoints a stage of the kind talks to, and so what the loader asks it to name. */
    public enum Endpoints {
        /** One endpoint: {@code endpoint}, or the default, which must be named when the workload has several. */
        ONE,
        /** Writers and readers ({@code writers}, {@code readers}), which must be named when there are several. */
        WRITERS,
        /** URLs; an endpoint only when it reads from a stage ({@code from}). */
        URLS,
        /** Its own choice: every endpoint, or those it names, or those of its members. */
        OWN
    }

    /** How many workers a stage of the kind runs when it does not say. */
    public enum Workers {
        /** {@code concurrency}, by default the workload's {@code defaults.concurrency}. */
        CONCURRENCY,
        /** {@code jobs}, by default {@link #DEFAULT_JOBS}. */
        JOBS,
        /** One, unless {@code concurrency} says otherwise. */
        ONE,
        /** Those of its member stages. */
        MEMBERS,
        /** {@code concurrency}: the most operations in flight, by default {@link #DEFAULT_IN_FLIGHT}. */
        IN_FLIGHT;

        /** In-flight operations by default: enough that the cap is not what shapes a trace's load (a replay's). */
        public static final int DEFAULT_IN_FLIGHT = 256;

        /** Jobs by default (a transcode's). */
        public static final int DEFAULT_JOBS = 200;

        /** The workers of a stage of the kind that gives no {@code concurrency}, under the workload's defaults. */
        public int byDefault(Defaults defaults) {
            return switch (this) {
                case CONCURRENCY, MEMBERS -> defaults.workers();
                case JOBS -> DEFAULT_JOBS;
                case ONE -> 1;
                case IN_FLIGHT -> DEFAULT_IN_FLIGHT;
            };
        }
    }

    /** What a kind does beyond loading an endpoint. */
    public enum Trait {
        /** Writes objects that a later stage may read with {@code from}. */
        WRITES_SOURCES,
        /**
         * Its workers write keys of their own out of {@code objects}, so {@code --scale} keeps its objects at least
         * its workers (fewer would have workers write one key at once).
         */
        KEYS_PER_WORKER,
        /** Takes {@code warmUp}: a load that can run unmeasured before it runs measured. */
        WARM_UP,
        /** Takes {@code endpoints} (and {@code hostSelect}): its workers may be spread over several endpoints. */
        SPREADS,
        /** Takes {@code stopWhenStable}: its duration-bound cells may end once their throughput holds still. */
        STOP_WHEN_STABLE,
        /** Probes endpoints one operation at a time rather than loading one; takes no rate, ramp or think time. */
        PROBE,
        /** Measures convergence (writes read back until visible), and so takes {@code failOn.timeoutRate}. */
        CONVERGENCE,
        /** Its requests carry object bodies, so that bytes and MiB/s mean something in the plan. */
        MOVES_DATA,
        /** Writes its working set again each time it runs, before measuring (so a trial run costs a seeding). */
        SEEDS_EACH_RUN,
        /** Made of other stages, which the planner expands it into. */
        COMPOSITE,
        /** Reads (or copies) keys it picks among many, so takes {@code access}: in turn, at random, zipf, hotspot. */
        PICKS_KEYS,
        /**
         * Talks to its endpoints, not to their buckets' objects: the run checks no bucket for it and cleans up
         * nothing after it (its endpoints are its own to report on).
         */
        ENDPOINTS_ONLY,
        /** Takes {@code duration}: its cells may run for a time rather than a count. */
        DURATION_BOUND,
        /** Takes {@code operations}: its cells may run a count of operations. */
        OPERATION_BOUND,
        /** Records a history of its operations and checks it (docs/consistency.md), so takes {@code failOn.anomalies}. */
        CHECKS_HISTORY
    }

    private final String key;
    private final Endpoints endpoints;
    private final Workers workers;
    private final Set<Trait> traits;

    StageKind(String key, Endpoints endpoints, Workers workers, Trait... traits) {
        this.key = key;
        this.endpoints = endpoints;
        this.workers = workers;
        this.traits = traits.length == 0 ? EnumSet.noneOf(Trait.class) : EnumSet.copyOf(Arrays.asList(traits));
    }

    public String key() {
        return key;
    }

    public static Optional<StageKind> fromKey(String key) {
        return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst();
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(StageKind::key).toList();
    }

    public Endpoints endpoints() {
        return endpoints;
    }

    public Workers workers() {
        return workers;
    }

    public boolean has(Trait trait) {
        return traits.contains(trait);
    }

    /** Whether the kind probes endpoints (writers, readers, endpoint lists) rather than loading one endpoint. */
    public boolean probe() {
        return has(Trait.PROBE);
    }

    /** Whether the kind measures convergence (writes read back until visible), and so takes timeoutRate. */
    public boolean convergence() {
        return has(Trait.CONVERGENCE);
    }

    /**
     * How the stages written inside a stage of the kind are seen. The one place that knows which kinds hold others:
     * every kind is listed, so a new one must say.
     */
    public Members members() {
        return switch (this) {
            case COMPARE, CAPACITY -> Members.BODY;
            case LOOPS -> Members.OWN;
            case GROUP -> Members.SHARED;
            case PUT, GET, DELETE, HEAD, LIST, RANGE_READ, VERSIONS, APPEND, COPY, CONNECTIVITY, READ_AFTER_WRITE,
                 LIST_AFTER_WRITE, MIX, TRANSCODE, HTTP_GET, HISTORY, REPLAY -> Members.NONE;
            case SWEEP -> Members.NONE; // its members are made by the planner from its sizes and threads
        };
    }

    /**
     * How a stage of the kind picks its keys when it does not say ({@code access}): a rangeRead's reads spread at
     * random over its sources, every other kind's in turn.
     */
    public Access defaultAccess() {
        return switch (this) {
            case RANGE_READ -> new Access.Uniform();
            case PUT, GET, DELETE, HEAD, LIST, VERSIONS, APPEND, COPY, CONNECTIVITY, READ_AFTER_WRITE,
                 LIST_AFTER_WRITE, MIX, TRANSCODE, HTTP_GET, HISTORY, REPLAY, CAPACITY, SWEEP, COMPARE, LOOPS, GROUP ->
                    Access.ROUND_ROBIN;
        };
    }

    /**
     * How the members of a composite of the kind are reported together. The one place that says, for every kind.
     */
    public Together together() {
        return switch (this) {
            case SWEEP -> Together.SWEEP;
            case COMPARE -> Together.SIDE_BY_SIDE;
            case LOOPS -> Together.LOOP_LINES;
            case GROUP, PUT, GET, DELETE, HEAD, LIST, RANGE_READ, VERSIONS, APPEND, COPY, CONNECTIVITY,
                 READ_AFTER_WRITE, LIST_AFTER_WRITE, MIX, TRANSCODE, HTTP_GET, HISTORY, REPLAY, CAPACITY -> Together.APART;
        };
    }

    /** How a composite's members are reported together (see {@link #together()}). */
    public enum Together {
        /** Each as a stage of its own. */
        APART,
        /**
         * As s3-benchmark does: a line per point as it ends, the points of one size under one header, and a table of
         * throughput and time to first and last byte by size and threads.
         */
        SWEEP,
        /** The endpoints side by side, with their differences. */
        SIDE_BY_SIDE,
        /** A line per loop and stage as each ends, as the Wasabi tool prints them, and a table of them. */
        LOOP_LINES
    }

    /** The stages a stage holds (see {@link #members()}). */
    public enum Members {
        /** None. */
        NONE,
        /** One stage run as this one (a compare's {@code stage}, a capacity search's {@code load}): it reads what
         * this one may read. */
        BODY,
        /** A list whose names are resolved within each round first, and not seen after it (loops). */
        OWN,
        /** A list whose stages are seen after this one as stages of their own (a group's). */
        SHARED
    }

    /** Whether the kind is made of other stages (the planner expands it into them). */
    public boolean composite() {
        return has(Trait.COMPOSITE);
    }

    @Override
    public String toString() {
        return key;
    }
}
