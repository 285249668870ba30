package io.s3workload.workload.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.kinds.get.GetStage;
import io.s3workload.kinds.httpget.HttpGetStage;
import io.s3workload.kinds.put.PutStage;
import io.s3workload.kinds.readafterwrite.ReadAfterWriteStage;
import io.s3workload.kinds.transcode.TranscodeStage;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.Workload;
import io.s3workload.workload.composite.LoopsStage;
import io.s3workload.workload.composite.SweepStage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** --scale, --only/--skip and endpoint groups, on the workload as bound. */
@Tag(QuickTier.TAG)
class ScalingAndSelectionTest {

    private static final String WORKLOAD = """
            bucket: scaled
            stages:
              - {name: put, kind: put, tags: [perf], sizes: [100MiB, 1KiB], objects: 100, operations: 1000,
                 multipart: {threshold: 64MiB, partSize: 10MiB}}
              - {name: get, kind: get, tags: [perf], from: put, duration: 5m, ramp: [{to: 8, over: 20s}]}
              - {name: raw, kind: readAfterWrite, tags: [consistency], iterations: 50, pollInterval: 50ms, timeout: 10s}
              - {name: loop, kind: loops, count: 3, stages: [{name: p, kind: put, size: 1MiB, duration: 60s}]}
              - {name: sweep, kind: sweep, preset: quick}
              - {name: h, kind: httpGet, from: put, urls: ["http://127.0.0.1:1/x"]}
            """;

    private static Workload load(double scale, List<String> sets, List<String> only, List<String> skip)
            throws WorkloadException {
        return new WorkloadLoader(Map.of(), sets, Optional.empty(), Optional.empty()).scaled(scale)
                .selecting(only, skip).parse("w.yaml", WORKLOAD);
    }

    @Test
    void scaleShrinksSizesCountsAndDurationsButNotPhysics() throws Exception {
        Workload w = load(0.01, List.of("stages.put.objects=7"), List.of(), List.of());

        PutStage put = (PutStage) w.stages().get(0);
        assertEquals(List.of(SizeSpec.of(DataSize.ofMiB(1)), SizeSpec.of(DataSize.ofBytes(10))), put.sizes());
        assertEquals(7, put.stop().objects().getAsLong(), "--set values stay as given");
        assertEquals(10, put.stop().operations().getAsLong());
        assertEquals(DataSize.ofMiB(5), put.multipart().partSize(), "parts stay at S3's minimum");
        GetStage get = (GetStage) w.stages().get(1);
        assertEquals(Duration.ofSeconds(3), get.stop().duration().orElseThrow());
        assertEquals(Duration.ofMillis(500), get.common().load().ramp().get(0).over(), "at least 500 ms");
        assertEquals(8.0, get.common().load().ramp().get(0).to(), "workers are not scaled");
        ReadAfterWriteStage raw = (ReadAfterWriteStage) w.stages().get(2);
        assertEquals(1, raw.probe().iterations());
        assertEquals(Duration.ofMillis(50), raw.probe().pollInterval());
        assertEquals(Duration.ofSeconds(10), raw.probe().timeout());
        assertEquals(1, ((LoopsStage) w.stages().get(3)).count());
        SweepStage sweep = (SweepStage) w.stages().get(4);
        assertEquals(SizeSpec.of(DataSize.ofBytes(10)), sweep.sizes().get(0), "preset sizes scale too: 1 KiB");
        assertEquals(java.util.OptionalLong.of(10), sweep.point().operations(), "and its 1000 samples a point");
        assertTrue(sweep.point().duration().isEmpty(), "a count-bound point stays count-bound");
        assertEquals(List.of(8, 9, 10, 11, 12, 13, 14, 15, 16), sweep.threads(), "threads are not scaled");
    }

    @Test
    void whatScaleChangedIsKeptValueByValueAsSetAddressesIt() throws Exception {
        Workload w = load(0.01, List.of("stages.put.objects=7"), List.of(), List.of());
        List<String> changes = w.scaled().changes().stream().map(Object::toString).toList();
        assertEquals(0.01, w.scaled().factor());
        assertTrue(changes.contains("stages.put.sizes[0] 100MiB -> 1 MiB"), changes.toString());
        assertTrue(changes.contains("stages.put.operations 1000 -> 10"), changes.toString());
        assertTrue(changes.contains("stages.get.duration 5m -> 3s"), changes.toString());
        assertTrue(changes.contains("stages.loop.stages.p.size 1MiB -> 10 KiB"), changes.toString());
        assertTrue(changes.contains("stages.sweep.preset.point 1000 operations -> 10 operations"),
                changes.toString());
        assertTrue(changes.stream().noneMatch(c -> c.startsWith("stages.put.objects")), "--set values stay");
        assertTrue(w.scaled().summary(2).startsWith("x0.01 (--scale): " + changes.size() + " sizes, counts and"
                + " durations changed, e.g. stages.put.sizes[0] 100MiB -> 1 MiB, "), w.scaled().summary(2));
        assertTrue(load(1, List.of(), List.of(), List.of()).scaled().changes().isEmpty());
    }

    @Test
    void onlyAndSkipSelectByNameOrTag() throws Exception {
        assertEquals(List.of("raw"), load(1, List.of(), List.of("consistency"), List.of()).stageNames());
        assertEquals(List.of("put", "get", "h"), load(1, List.of(), List.of("perf", "h"), List.of()).stageNames());
        assertEquals(List.of("put", "get", "raw", "loop", "h"), load(1, List.of(), List.of(), List.of("sweep"))
                .stageNames());
        Workload noPut = load(1, List.of(), List.of("h"), List.of());
        assertEquals(Optional.empty(), ((HttpGetStage) noPut.stages().get(0)).from(),
                "an httpGet with its own URLs drops the source that was left out");

        WorkloadException unknown = assertThrows(WorkloadException.class,
                () -> load(1, List.of(), List.of("consistncy"), List.of()));
        assertEquals("--only consistncy: no stage or tag named 'consistncy' (did you mean 'consistency'?); stages:"
                + " put, get, raw, loop, sweep, h; tags: perf, consistency", unknown.problems().get(0).toString());
        WorkloadException orphan = assertThrows(WorkloadException.class,
                () -> load(1, List.of(), List.of(), List.of("put")));
        assertEquals("--skip: stage 'get' reads the objects of stage 'put', which is left out; select 'put' too",
                orphan.problems().get(0).toString());
    }

    @Test
    void aShardTakesItsShareOfWorkersCountsAndRateButNotOfSizesOrTime() throws Exception {
        String yaml = """
                bucket: shards
                defaults: {concurrency: 10}
                stages:
                  - {name: put, kind: put, size: 1MiB, objects: 100, operations: 1000}
                  - {name: get, kind: get, from: put, duration: 30s, rate: 900/s, concurrency: 7}
                  - {name: raw, kind: readAfterWrite, iterations: 50}
                  - {name: t, kind: transcode, sources: {count: 2, size: 1GiB}, chunk: 100MiB, segment: 1MiB,
                     duration: 1m}
                """;
        List<Workload> shards = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            shards.add(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                    .sharded(new io.s3workload.ground.Shard(i, 3)).parse("s.yaml", yaml));
        }
        assertEquals(List.of(34L, 33L, 33L), shards.stream().map(w -> ((PutStage) w.stages().get(0)).stop()
                .objects().getAsLong()).toList());
        assertEquals(1000, shards.stream().mapToLong(w -> ((PutStage) w.stages().get(0)).stop().operations()
                .getAsLong()).sum());
        assertEquals(List.of(4, 3, 3), shards.stream().map(w -> w.stages().get(0).common().concurrency().getAsInt())
                .toList(), "the default workers are shared too");
        GetStage get = (GetStage) shards.get(2).stages().get(1);
        assertEquals(300.0, get.common().load().ratePerSecond().getAsDouble(), 1e-9);
        assertEquals(2, get.common().concurrency().getAsInt());
        assertEquals(Duration.ofSeconds(30), get.stop().duration().orElseThrow(), "time is not divided");
        assertEquals(SizeSpec.of(DataSize.ofMiB(1)), ((PutStage) shards.get(0).stages().get(0)).sizes().get(0));
        assertEquals(50, shards.stream().mapToInt(w -> ((ReadAfterWriteStage) w.stages().get(2)).probe().iterations())
                .sum());
        assertEquals(List.of(67, 67, 66), shards.stream().map(w -> ((TranscodeStage) w
                .stages().get(3)).jobs()).toList(), "200 jobs by default, shared");
    }

    /**
     * Shards share the typed stages, so what a stage does by default is shared too (a probe's 10 iterations), and
     * each kind says what is shared: a listAfterWrite's objects per iteration are its batch, not divided.
     */
    @Test
    void whatShardsRunAddsUpToWhatOneProcessRunsDefaultsIncluded() throws Exception {
        String yaml = """
                bucket: shards
                defaults: {concurrency: 5, connections: 8}
                stages:
                  - {name: raw, kind: readAfterWrite}
                  - {name: law, kind: listAfterWrite, iterations: 6, objects: 20}
                  - {name: mix, kind: mix, ops: {get: 1, put: 1}, objects: 100, size: 1KiB, duration: 5s}
                  - {name: ramp, kind: put, size: 1KiB, duration: 4s, ramp: [{to: 30, over: 2s}]}
                  - {name: open, kind: get, from: ramp, duration: 4s, rate: 100/s, ramp: [{to: 300/s, over: 2s}]}
                  - {name: v, kind: versions, objects: 7, size: 1KiB}
                  - {name: g, kind: group, stages: [{name: a, kind: put, objects: 9, size: 1KiB}]}
                """;
        List<Workload> shards = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            shards.add(WorkloadLoader.plain().sharded(new io.s3workload.ground.Shard(i, 3)).parse("s.yaml", yaml));
        }
        java.util.function.ToIntFunction<java.util.function.ToIntFunction<Workload>> sum =
                f -> shards.stream().mapToInt(f).sum();
        assertEquals(10, sum.applyAsInt(w -> ((ReadAfterWriteStage) w.stages().get(0)).probe().iterations()),
                "the default 10 iterations, shared");
        var law = shards.stream().map(w -> (io.s3workload.kinds.listafterwrite.ListAfterWriteStage) w.stages().get(1)).toList();
        assertEquals(6, law.stream().mapToInt(l -> l.probe().iterations()).sum());
        assertEquals(List.of(20, 20, 20), law.stream().map(io.s3workload.kinds.listafterwrite.ListAfterWriteStage::objects)
                .toList(), "keys listed per iteration are not divided");
        assertEquals(100, sum.applyAsInt(w -> (int) ((io.s3workload.kinds.mix.MixStage) w.stages().get(2)).objects()));
        assertEquals(5, sum.applyAsInt(w -> w.stages().get(2).common().concurrency().getAsInt()),
                "defaults.concurrency made explicit, then shared");
        assertEquals(30, sum.applyAsInt(w -> (int) w.stages().get(3).common().load().ramp().get(0).to()),
                "a closed-loop ramp's workers");
        assertTrue(shards.stream().allMatch(w -> w.stages().get(3).common().concurrency().isEmpty()),
                "a ramp sets the workers: no default is made explicit");
        assertEquals(300.0, shards.stream().mapToDouble(w -> w.stages().get(4).common().load().ramp().get(0).to())
                .sum(), 1e-9, "an open-loop ramp's rate");
        assertEquals(100.0, shards.stream().mapToDouble(w -> w.stages().get(4).common().load().ratePerSecond()
                .getAsDouble()).sum(), 1e-9);
        assertEquals(7, sum.applyAsInt(w -> (int) ((io.s3workload.kinds.versions.VersionsStage) w.stages().get(5))
                .objects()));
        assertEquals(9, sum.applyAsInt(w -> (int) ((PutStage) ((io.s3workload.workload.composite.GroupStage) w.stages().get(6))
                .stages().get(0)).stop().objects().getAsLong()), "a group's members are shared");
        assertEquals(8, sum.applyAsInt(w -> w.defaults().client().connections().getAsInt()));
        assertEquals(Duration.ofSeconds(5), ((io.s3workload.kinds.mix.MixStage) shards.get(1).stages().get(2)).stop()
                .duration().orElseThrow(), "time is not divided");
    }

    @Test
    void anEndpointGroupBecomesOneEndpointPerUrlAndStandsForThemInLists() throws Exception {
        Workload w = new WorkloadLoader(Map.of("REGIONAL", "https://iad.example.com, https://ord.example.com"),
                List.of(), Optional.empty(), Optional.empty()).parse("g.yaml", """
                bucket: groups
                endpoints:
                  global: {url: "https://global.example.com", region: auto}
                  regional: {urls: "${REGIONAL}", region: auto}
                stages:
                  - {name: raw, kind: readAfterWrite, writers: [global], readers: [global, regional]}
                """);
        assertEquals(List.of("global", "iad", "ord"), List.copyOf(w.endpoints().keySet()));
        assertEquals("https://ord.example.com", w.endpoints().get("ord").url().toString());
        assertEquals("auto", w.endpoints().get("iad").region());
        assertEquals(List.of("global", "iad", "ord"), ((ReadAfterWriteStage) w.stages().get(0)).probe().readers());
    }
}
