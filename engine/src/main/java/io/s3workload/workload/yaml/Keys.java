package io.s3workload.workload.yaml;

import static io.s3workload.workload.StageKind.CAPACITY;
import static io.s3workload.workload.StageKind.COMPARE;
import static io.s3workload.workload.StageKind.CONNECTIVITY;
import static io.s3workload.workload.StageKind.GET;
import static io.s3workload.workload.StageKind.GROUP;
import static io.s3workload.workload.StageKind.LIST_AFTER_WRITE;
import static io.s3workload.workload.StageKind.LOOPS;
import static io.s3workload.workload.StageKind.MIX;
import static io.s3workload.workload.StageKind.PUT;
import static io.s3workload.workload.StageKind.READ_AFTER_WRITE;
import static io.s3workload.workload.StageKind.REPLAY;
import static io.s3workload.workload.StageKind.SWEEP;
import static io.s3workload.workload.StageKind.TRANSCODE;
import static io.s3workload.workload.yaml.Keys.Context.ACCESS;
import static io.s3workload.workload.yaml.Keys.Context.CAPACITY_RATE;
import static io.s3workload.workload.yaml.Keys.Context.CAPACITY_USERS;
import static io.s3workload.workload.yaml.Keys.Context.COPY_MULTIPART;
import static io.s3workload.workload.yaml.Keys.Context.CREDENTIALS;
import static io.s3workload.workload.yaml.Keys.Context.DATA;
import static io.s3workload.workload.yaml.Keys.Context.ENDPOINT;
import static io.s3workload.workload.yaml.Keys.Context.FAIL_ON;
import static io.s3workload.workload.yaml.Keys.Context.FROM;
import static io.s3workload.workload.yaml.Keys.Context.HOTSPOT;
import static io.s3workload.workload.yaml.Keys.Context.METADATA;
import static io.s3workload.workload.yaml.Keys.Context.METRIC;
import static io.s3workload.workload.yaml.Keys.Context.MULTIPART;
import static io.s3workload.workload.yaml.Keys.Context.OPS;
import static io.s3workload.workload.yaml.Keys.Context.PARALLEL_RANGES;
import static io.s3workload.workload.yaml.Keys.Context.PAUSE_RANGE;
import static io.s3workload.workload.yaml.Keys.Context.RAMP_STEP;
import static io.s3workload.workload.yaml.Keys.Context.RETENTION;
import static io.s3workload.workload.yaml.Keys.Context.SERVER_METRICS;
import static io.s3workload.workload.yaml.Keys.Context.SIZE_RANGE;
import static io.s3workload.workload.yaml.Keys.Context.SLO;
import static io.s3workload.workload.yaml.Keys.Context.SOURCES;
import static io.s3workload.workload.yaml.Keys.Context.SSE;
import static io.s3workload.workload.yaml.Keys.Context.STOP_WHEN_STABLE;
import static io.s3workload.workload.yaml.Keys.Context.TIMEOUTS;
import static io.s3workload.workload.yaml.Keys.Context.TLS;
import static io.s3workload.workload.yaml.Keys.Context.TOP;

import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageKind.Trait;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every key a workload may write, each described once, on one entry: where it is written, its type, its default,
 * an example, what it means, which stage kinds take it and how {@code --scale} treats it. Everything else reads
 * this list: the keys each mapping accepts (and so did-you-mean), the JSON Schema ({@link WorkloadSchema}), the
 * reference's tables (checked by a test), {@code --scale} ({@link Scaling}) and {@code --set}'s lists
 * ({@link Overrides}). Adding a key is one entry here and the code that reads it: docs/developing.md.
 */
public final class Keys {

    static final Set<StageKind> ALL = EnumSet.allOf(StageKind.class);
    /**
     * The kinds that talk to a store themselves: all but the composites that only hold other stages, and capacity,
     * whose load says how it talks to the store.
     */
    static final Set<StageKind> STORE = EnumSet.complementOf(EnumSet.of(COMPARE, LOOPS, GROUP, CAPACITY));
    /**
     * The kinds whose workers rate, ramp and thinkTime pace: not the probes, which pace themselves (iterations,
     * pollInterval), nor capacity, whose steps pace its load.
     */
    static final Set<StageKind> PACED = EnumSet.complementOf(EnumSet.of(SWEEP, COMPARE, LOOPS, GROUP,
            CAPACITY, CONNECTIVITY, READ_AFTER_WRITE, LIST_AFTER_WRITE, REPLAY));
    /** The kinds that run workers of their own (a sweep's members do). */
    static final Set<StageKind> WORKERS = EnumSet.complementOf(EnumSet.of(SWEEP, COMPARE, LOOPS, GROUP));
    static final Set<StageKind> PROBES = EnumSet.of(READ_AFTER_WRITE, LIST_AFTER_WRITE);
    static final Set<StageKind> WRITES_SETTINGS = EnumSet.of(PUT, GET, MIX);

    public static final String ACCESS_TEXT = "How a reading stage picks its keys: roundRobin (each in turn),"
            + " random (uniform), {zipf: EXPONENT} (the r-th most read key in proportion to r^-exponent) or"
            + " {hotspot: {keys, share}}.";

    /**
     * Every key: the top level's, a stage's, those only one kind takes (its binder's, in the kinds' order), then the
     * mappings' inside stages.
     */
    private static final List<Key> KEYS = Stream.of(TopLevelKeys.KEYS, StageKeys.KEYS,
            Arrays.stream(StageKind.values()).flatMap(kind -> StageBinder.of(kind).keys().stream()).toList(),
            StageMappingKeys.KEYS).flatMap(List::stream).toList();

    private Keys() {
    }

    /** Where a key is written: the workload's top level, a stage, or a mapping inside one (its schema type). */
    public enum Context {
        TOP, STAGE, ENDPOINT, CREDENTIALS, TLS, FAIL_ON, FROM, SIZE_RANGE, PAUSE_RANGE, RAMP_STEP, OPS, HISTORY_OPS, REPLAY_SAMPLE, MULTIPART,
        COPY_MULTIPART,
        PARALLEL_RANGES, SOURCES, TIMEOUTS, SSE, STOP_WHEN_STABLE, METADATA, ACCESS, HOTSPOT, DATA, SLO,
        CAPACITY_RATE, CAPACITY_USERS, SERVER_METRICS, METRIC, RETENTION
    }

    /** What {@code --scale F} does to a key's value: multiplies sizes, counts and durations by F; the rest stay. */
    public enum Scale {
        NONE, SIZE, COUNT, DURATION
    }

    /** Every key, in the order written above. */
    static List<Key> all() {
        return KEYS;
    }

    /** The keys written in {@code context}. */
    public static List<Key> in(Context context) {
        return KEYS.stream().filter(k -> k.context() == context).toList();
    }

    /** The names of the keys written in {@code context}: what its mapping accepts. */
    public static Set<String> names(Context context) {
        return names(in(context));
    }

    /** The keys a stage of {@code kind} takes (one entry per name: the kinds of two entries never overlap). */
    static List<Key> of(StageKind kind) {
        return in(Context.STAGE).stream().filter(k -> k.kinds().contains(kind)).toList();
    }

    static Set<String> names(StageKind kind) {
        return names(of(kind));
    }

    /** The stage keys the top level's {@code defaults} may set for every stage. */
    static List<Key> defaultable() {
        return in(Context.STAGE).stream().filter(Key::defaultable).toList();
    }

    static Set<String> defaultNames() {
        return names(defaultable());
    }

    /** The names {@code --scale} changes as {@code scale}, wherever they are written. */
    static Set<String> scaled(Scale scale) {
        return names(KEYS.stream().filter(k -> k.scale() == scale).toList());
    }

    /** The names whose value is a list of scalars somewhere: {@code --set} splits a comma-separated value. */
    static Set<String> lists() {
        return names(KEYS.stream().filter(Key::listValued).toList());
    }

    private static Set<String> names(List<Key> keys) {
        return keys.stream().map(Key::name).collect(Collectors.toCollection(TreeSet::new));
    }

    static Key top(String name, String type, Object defaultValue, Object example, String description) {
        return in(TOP, name, type, defaultValue, example, description);
    }

    public static Key in(Context context, String name, String type, Object defaultValue, Object example,
            String description) {
        return new Key(context, name, type, Set.of(), Key.json(defaultValue), Key.json(example),
                description, Scale.NONE, false, false);
    }

    public static Key stage(Set<StageKind> kinds, String name, String type, Object defaultValue, Object example,
            String description) {
        return new Key(Context.STAGE, name, type, Set.copyOf(kinds), Key.json(defaultValue),
                Key.json(example), description, Scale.NONE, false, false);
    }

    /**
     * The keys a stage of {@code kind} does not take though a reader may expect it to, each with the reason: said
     * instead of "unknown key" (and never in the schema, which offers only what binding takes).
     */
    static Map<String, String> refused(StageKind kind) {
        Map<String, String> refused = new TreeMap<>();
        if (kind.probe()) {
            for (String key : List.of("rate", "ramp", "thinkTime")) {
                refused.put(key, "a " + kind + " stage paces itself (iterations, pollInterval); rate, ramp and"
                        + " thinkTime apply to load stages");
            }
        }
        if (kind == REPLAY) {
            for (String key : List.of("rate", "ramp", "thinkTime")) {
                refused.put(key, "a replay is paced by its trace's clock; speed: N plays it N times faster");
            }
        }
        if (kind == TRANSCODE) {
            refused.put("rate", "a transcode stage runs 'jobs' closed-loop jobs; 'rate' applies to single-operation"
                    + " stages");
            refused.put("concurrency", "a transcode stage sets its parallelism with 'jobs'");
        }
        return refused;
    }

    /** As {@link #refused(StageKind)}, for the keys of a mapping inside a stage. */
    static Map<String, String> refused(Context context) {
        return context == COPY_MULTIPART ? Map.of("measureParts", "measureParts applies to a put stage's uploads,"
                + " whose parts are measured in a cell of their own; here they are not") : Map.of();
    }

    /** Whether a stage of {@code kind} takes rate, ramp and thinkTime (a capacity search's rate is its own). */
    static boolean paced(StageKind kind) {
        return PACED.contains(kind);
    }

    /** The kinds that take {@code workers}: how many workers they run when they do not say. */
    static Set<StageKind> kinds(StageKind.Workers workers) {
        EnumSet<StageKind> kinds = EnumSet.noneOf(StageKind.class);
        ALL.stream().filter(k -> k.workers() == workers).forEach(kinds::add);
        return kinds;
    }

    static Set<StageKind> trait(Trait trait) {
        EnumSet<StageKind> kinds = EnumSet.noneOf(StageKind.class);
        ALL.stream().filter(k -> k.has(trait)).forEach(kinds::add);
        return kinds;
    }

    static Set<StageKind> union(Set<StageKind> a, Set<StageKind> b) {
        EnumSet<StageKind> kinds = EnumSet.copyOf(a);
        kinds.addAll(b);
        return kinds;
    }
}
