package io.s3workload.workload.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.Shard;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Planner;
import io.s3workload.plan.StagePlan;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What every stage kind must have, checked for each constant of {@link StageKind}, so that a kind added without
 * one of them fails here rather than in a user's run: a smallest stage of the kind that loads and plans, a binder
 * whose keys the JSON Schema types, a section in the workload reference, and workers that {@code --shard} divides
 * (the bug this guards against: a kind missing from the sharding rules ran every shard at full concurrency).
 */
@Tag(QuickTier.TAG)
class StageKindsTest {

    /** A smallest stage of each kind, as one flow-style YAML mapping; stage 'src' (a put) comes before it. */
    private static final Map<StageKind, String> EXAMPLES = examples();

    private static Map<StageKind, String> examples() {
        Map<StageKind, String> m = new EnumMap<>(StageKind.class);
        m.put(StageKind.PUT, "{name: s, kind: put, size: 1KiB, operations: 10}");
        m.put(StageKind.GET, "{name: s, kind: get, from: src, operations: 10}");
        m.put(StageKind.DELETE, "{name: s, kind: delete, from: src}");
        m.put(StageKind.HEAD, "{name: s, kind: head, from: src, operations: 10}");
        m.put(StageKind.LIST, "{name: s, kind: list, from: src, operations: 10}");
        m.put(StageKind.RANGE_READ, "{name: s, kind: rangeRead, sources: {count: 1, size: 64MiB}, chunk: 4KiB,"
                + " operations: 10}");
        m.put(StageKind.COPY, "{name: s, kind: copy, from: src, operations: 10}");
        m.put(StageKind.VERSIONS, "{name: s, kind: versions, size: 1KiB, objects: 5, versions: 2}");
        m.put(StageKind.APPEND, "{name: s, kind: append, append: 4KiB, objects: 4, operations: 20}");
        m.put(StageKind.CONNECTIVITY, "{name: s, kind: connectivity}");
        m.put(StageKind.READ_AFTER_WRITE, "{name: s, kind: readAfterWrite, iterations: 10}");
        m.put(StageKind.LIST_AFTER_WRITE, "{name: s, kind: listAfterWrite, iterations: 10}");
        m.put(StageKind.MIX, "{name: s, kind: mix, ops: {get: 1, put: 1}, objects: 10, size: 1KiB,"
                + " operations: 10}");
        m.put(StageKind.TRANSCODE, "{name: s, kind: transcode, sources: {count: 1, size: 64MiB}, chunk: 64KiB,"
                + " segment: 4KiB, duration: 2s}");
        m.put(StageKind.HTTP_GET, "{name: s, kind: httpGet, from: src, operations: 10}");
        m.put(StageKind.HISTORY, "{name: s, kind: history, operations: 10}");
        m.put(StageKind.REPLAY, "{name: s, kind: replay, trace: ../workloads/traces/sample-access.log}");
        m.put(StageKind.CAPACITY, "{name: s, kind: capacity, load: {kind: get, from: src}, slo: {p99: 50ms},"
                + " rate: {start: 10/s, max: 100/s}}");
        m.put(StageKind.SWEEP, "{name: s, kind: sweep, op: put, threads: [16], sizes: [1KiB], operations: 10}");
        m.put(StageKind.COMPARE, "{name: s, kind: compare, endpoints: [a, b], stage: {kind: put, size: 1KiB,"
                + " operations: 10}}");
        m.put(StageKind.LOOPS, "{name: s, kind: loops, count: 1, stages: [{name: l, kind: put, size: 1KiB,"
                + " operations: 10}]}");
        m.put(StageKind.GROUP, "{name: s, kind: group, stages: [{name: g, kind: put, size: 1KiB, operations: 10,"
                + "}]}");
        return m;
    }

    /** The smallest stage of {@code kind}. */
    static String example(StageKind kind) {
        return EXAMPLES.get(kind);
    }

    private static String workload(StageKind kind) {
        return workload(kind, EXAMPLES.get(kind));
    }

    /** A workload of a put stage 'src' and {@code example}, a stage of {@code kind}, on endpoint a of a and b. */
    static String workload(StageKind kind, String example) {
        return """
                bucket: kinds
                endpoints:
                  a: {url: "http://127.0.0.1:9"}
                  b: {url: "http://127.0.0.1:9"}
                defaults: {endpoint: a}
                stages:
                  - {name: src, kind: put, size: 1KiB, objects: 10}
                  - %s
                """.formatted(kind.probe() && kind != StageKind.CONNECTIVITY ? withProbeEndpoints(example) : example);
    }

    /** A probe stage written as one flow mapping, with writers [a] and readers [a, b] unless it names its own. */
    private static String withProbeEndpoints(String example) {
        String added = (example.contains("writers") ? "" : ", writers: [a]")
                + (example.contains("readers") ? "" : ", readers: [a, b]");
        int end = example.lastIndexOf('}');
        return example.substring(0, end) + added + example.substring(end);
    }

    @Test
    void everyKindHasAnExampleHere() {
        assertEquals(Arrays.asList(StageKind.values()), List.copyOf(EXAMPLES.keySet()),
                "add a smallest stage of the new kind to StageKindsTest.EXAMPLES");
    }

    @ParameterizedTest
    @EnumSource(StageKind.class)
    void aStageOfEveryKindLoadsAndPlans(StageKind kind) throws Exception {
        Workload w = WorkloadLoader.plain().parse("kinds.yaml", workload(kind));
        assertEquals(kind, w.stages().get(1).kind());
        Plan plan = Planner.plan(w);
        assertTrue(plan.stages().stream().anyMatch(s -> s.name().startsWith("s") || s.name().equals("l")
                || s.name().equals("g")), plan.stages().stream().map(StagePlan::name).toList().toString());
    }

    @ParameterizedTest
    @EnumSource(StageKind.class)
    void everyKindIsInTheSchemaWithTheKeysEveryStageTakes(StageKind kind) {
        assertTrue(Keys.names(kind).containsAll(java.util.Set.of("name", "kind", "tags", "after", "onFailure")),
                kind.key());
        String schema = WorkloadSchema.json();
        assertTrue(schema.contains("\"const\" : \"" + kind.key() + "\""), kind.key() + " missing from the schema");
    }

    @ParameterizedTest
    @EnumSource(StageKind.class)
    void everyKindHasASectionInTheWorkloadReference(StageKind kind) throws Exception {
        String reference = Files.readString(Path.of(System.getProperty("user.dir")).getParent()
                .resolve("docs/workload-reference.md"));
        List<String> headings = reference.lines().filter(l -> l.startsWith("### ")).toList();
        assertTrue(headings.stream().anyMatch(h -> h.contains("`" + kind.key() + "`")),
                "docs/workload-reference.md has no ### heading naming `" + kind.key() + "`");
    }

    /**
     * Two shards of a stage that takes the built-in default workers run half of them each, whatever its kind
     * (transcode: its default jobs); one worker stays one.
     */
    @ParameterizedTest
    @EnumSource(StageKind.class)
    void shardsDivideTheWorkersOfEveryKind(StageKind kind) throws Exception {
        int total = 0;
        for (int i = 0; i < 2; i++) {
            Workload w = WorkloadLoader.plain().sharded(new Shard(i, 2)).parse("kinds.yaml", workload(kind));
            Plan plan = Planner.plan(w);
            total += plan.stages().stream().filter(s -> !s.name().equals("src") && !s.name().startsWith("src"))
                    .filter(s -> s.group().map(g -> !g.preparation()).orElse(true)).mapToInt(StagePlan::concurrency).max().orElse(0);
        }
        int expected = switch (kind.workers()) {
            case CONCURRENCY, MEMBERS -> io.s3workload.workload.Defaults.CONCURRENCY;
            case JOBS -> StageKind.Workers.DEFAULT_JOBS;
            case ONE -> 2;
            case IN_FLIGHT -> StageKind.Workers.DEFAULT_IN_FLIGHT;
        };
        assertEquals(expected, total, kind.key() + ": the largest worker count of its stages, summed over 2 shards");
    }

    @Test
    void aKindsTraitsAreItsOwn() {
        Map<Boolean, List<String>> sources = Arrays.stream(StageKind.values()).collect(Collectors.partitioningBy(
                k -> k.has(StageKind.Trait.WRITES_SOURCES), Collectors.mapping(StageKind::key, Collectors.toList())));
        assertEquals(List.of("put", "get", "copy"), sources.get(true));
        assertEquals(Optional.of(StageKind.RANGE_READ), StageKind.fromKey("rangeRead"));
    }
}
