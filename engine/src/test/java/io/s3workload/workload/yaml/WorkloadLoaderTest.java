package io.s3workload.workload.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Percentile;
import io.s3workload.ground.SizeSpec;
import io.s3workload.kinds.get.GetStage;
import io.s3workload.kinds.put.PutStage;
import io.s3workload.kinds.versions.VersionsStage;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.Workload;
import io.s3workload.workload.composite.SweepStage;
import io.s3workload.workload.endpoints.CredentialsSpec;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag(QuickTier.TAG)
class WorkloadLoaderTest {

    private static final String WORKLOAD = """
            name: demo
            bucket: ${BUCKET:-bench}
            prefix: /perf/
            endpoints:
              local:
                url: http://127.0.0.1:9000
                region: eu-west-1
                credentials:
                  accessKey: ${AK}
                  secretKey: ${SK}
            defaults:
              concurrency: 4
            failOn:
              errorRate: 0.5%
              p99: 500ms
            stages:
              - name: put-1mib
                kind: put
                sizes: [1MiB, 10 MiB, 512KiB, 1M, 4096]
                objects: 100
                operations: 1000
                failOn: {p99: 2s}
              - name: get
                kind: get
                from: put-1mib
                duration: 1m30s
            """;

    private static Workload load(Map<String, String> env, List<String> sets) throws WorkloadException {
        return new WorkloadLoader(env, sets, Optional.empty(), Optional.empty()).parse("w.yaml", WORKLOAD);
    }

    @Test
    void bindsEveryKeyAndSubstitutesTheEnvironment() throws WorkloadException {
        Workload w = load(Map.of("AK", "key", "SK", "secret"), List.of());
        assertEquals("demo", w.name());
        assertEquals("bench", w.bucket());
        assertEquals("perf", w.prefix());
        var endpoint = w.endpoints().get("local");
        assertEquals(URI.create("http://127.0.0.1:9000"), endpoint.url());
        assertEquals("eu-west-1", endpoint.region());
        assertTrue(endpoint.pathStyle(), "custom endpoints default to path-style");
        assertEquals(new CredentialsSpec.Static("key", "secret", null), endpoint.credentials());
        PutStage put = assertInstanceOf(PutStage.class, w.stages().get(0));
        assertEquals(List.of(DataSize.ofMiB(1), DataSize.ofMiB(10), DataSize.ofBytes(512 * 1024), DataSize.ofMiB(1),
                DataSize.ofBytes(4096)).stream().map(SizeSpec::of).toList(), put.sizes());
        assertEquals(100, put.stop().objects().getAsLong());
        assertEquals(1000, put.stop().operations().getAsLong());
        assertEquals(Duration.ofSeconds(2), put.common().failOn().latency().get(Percentile.P99));
        assertEquals(0.5, w.failOn().errorRatePercent().getAsDouble());
        GetStage get = assertInstanceOf(GetStage.class, w.stages().get(1));
        assertEquals(Optional.of("put-1mib"), get.readsFrom());
        assertEquals(Duration.ofSeconds(90), get.stop().duration().orElseThrow());
    }

    @Test
    void setOverridesScalarsByStageNameOrIndexAndTheirErrorsNameTheOption() throws WorkloadException {
        Workload w = load(Map.of("AK", "a", "SK", "s", "BUCKET", "from-env"),
                List.of("stages.put-1mib.concurrency=50", "stages.1.duration=5s", "bucket=other",
                        "stages.put-1mib.sizes=2MiB,3MiB"));
        assertEquals("other", w.bucket());
        assertEquals(50, w.stages().get(0).common().concurrency().getAsInt());
        assertEquals(List.of(SizeSpec.of(DataSize.ofMiB(2)), SizeSpec.of(DataSize.ofMiB(3))),
                ((PutStage) w.stages().get(0)).sizes());
        assertEquals(Duration.ofSeconds(5), ((GetStage) w.stages().get(1)).stop().duration().orElseThrow());

        WorkloadException e = assertThrows(WorkloadException.class, () -> load(Map.of("AK", "a", "SK", "s"),
                List.of("stages.put-1mb.concurrency=5", "stages.get.concurrency=0")));
        assertEquals(List.of(
                "--set stages.get.concurrency=0: stages[1].concurrency: must be at least 1, got 0",
                "--set stages.put-1mb.concurrency=5: stages: no element 'put-1mb' (did you mean 'put-1mib'?)"),
                e.problems().stream().map(Problem::toString).sorted().toList());
    }

    @Test
    void setTakesListsWhereTheWorkloadLeavesThemToAPreset() throws WorkloadException {
        String sweep = "bucket: bench\nstages: [{name: sweep, kind: sweep, preset: quick}]\n";
        for (List<String> sets : List.of(List.of("stages.sweep.threads=1,4,16", "stages.sweep.sizes=1MiB,64MiB"),
                List.of("stages.sweep.threads=[1, 4, 16]", "stages.sweep.sizes=[1MiB, 64MiB]"))) {
            Workload w = new WorkloadLoader(Map.of(), sets, Optional.empty(), Optional.empty()).parse("w.yaml", sweep);
            SweepStage stage = (SweepStage) w.stages().get(0);
            assertEquals(List.of(1, 4, 16), stage.threads(), sets.toString());
            assertEquals(List.of(SizeSpec.of(DataSize.ofMiB(1)), SizeSpec.of(DataSize.ofMiB(64))), stage.sizes());
        }
        WorkloadException e = assertThrows(WorkloadException.class, () -> new WorkloadLoader(Map.of(),
                List.of("stages.sweep.threads=1,x"), Optional.empty(), Optional.empty()).parse("w.yaml", sweep));
        assertEquals("--set stages.sweep.threads=1,x: stages[0].threads[1]: expected a thread count of at least 1,"
                + " got \"x\"", e.problems().get(0).toString());
    }

    @Test
    void aRequiredEndpointVariableNamesItselfUnlessTheEndpointsAreReplaced() throws WorkloadException {
        String yaml = "bucket: bench\nendpoints:\n  g: {url: \"${G:?https://g.example}\"}\n"
                + "  r: {urls: \"${R:?https://a.example,https://b.example}\"}\n"
                + "stages: [{name: w, kind: readAfterWrite, writers: [g], readers: [g, r], iterations: 1}]\n";
        WorkloadException e = assertThrows(WorkloadException.class, () -> new WorkloadLoader(Map.of(), List.of(),
                Optional.empty(), Optional.empty()).parse("w.yaml", yaml));
        assertEquals(List.of("w.yaml:3:12: endpoints.g.url: environment variable G is not set; this workload needs it"
                + " (e.g. G=https://g.example), or run it with --embedded for a dry run on the in-process server",
                "w.yaml:4:13: endpoints.r.urls: environment variable R is not set; this workload needs it (e.g."
                + " R=https://a.example,https://b.example), or run it with --embedded for a dry run on the in-process"
                + " server"), e.problems().stream().map(Problem::toString).toList());
        Workload dry = new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .endpointsReplaced(true).parse("w.yaml", yaml);
        assertEquals(List.of("g", "a", "b"), List.copyOf(dry.endpoints().keySet()), "the example keeps the shape");
        Workload single = new WorkloadLoader(Map.of("G", "http://127.0.0.1:1", "R", ""), List.of(), Optional.empty(),
                Optional.empty()).parse("w.yaml", yaml);
        assertEquals(List.of("g"), List.copyOf(single.endpoints().keySet()), "an empty group is a group of none");
    }

    @Test
    void secretsFromTheEnvironmentNeverAppearInProblemMessages() {
        WorkloadException e = assertThrows(WorkloadException.class, () -> load(Map.of("AK", "AKIASECRETVALUE"),
                List.of()));
        assertEquals(1, e.problems().size());
        assertTrue(e.getMessage().contains("environment variable SK is not set"), e.getMessage());
        assertTrue(!e.getMessage().contains("AKIASECRETVALUE"));
    }

    @Test
    void commandLineBucketAndEndpointReplaceTheWorkloads() throws WorkloadException {
        Workload w = new WorkloadLoader(Map.of("AK", "a", "SK", "s"), List.of(), Optional.of("cli-bucket"),
                Optional.of("http://127.0.0.1:9999")).parse("w.yaml", WORKLOAD);
        assertEquals("cli-bucket", w.bucket());
        assertEquals(URI.create("http://127.0.0.1:9999"), w.endpoints().get("local").url());
        assertEquals("eu-west-1", w.endpoints().get("local").region(), "only the URL changes");
    }

    @Test
    void anEndpointOnTheCommandLineCreatesOneWhenTheWorkloadHasNone() throws WorkloadException {
        Workload w = new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.of("https://s3.example.com"))
                .parse("w.yaml", "bucket: bench\nstages: [{name: p, kind: put, sizes: [1], objects: 1}]\n");
        assertEquals(URI.create("https://s3.example.com"), w.endpoints().get("default").url());
        assertInstanceOf(CredentialsSpec.DefaultChain.class, w.endpoints().get("default").credentials());
    }

    @Test
    void dollarDollarEscapesAVariable() throws WorkloadException {
        Workload w = new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .parse("w.yaml", "bucket: bench\ndescription: cost $${HOME}\n"
                        + "stages: [{name: p, kind: put, sizes: [1], objects: 1}]\n");
        assertEquals("cost ${HOME}", w.description());
    }

    /** A versions stage's bodies are made as its data says, or as the workload's defaults say. */
    @Test
    void aVersionsStageTakesItsDataOrTheDefaults() throws WorkloadException {
        Workload w = WorkloadLoader.plain().parse("v.yaml", """
                bucket: bench
                defaults: {data: {dedupe: 3.0}}
                stages:
                  - {name: own, kind: versions, size: 8KiB, objects: 3, data: {compressible: 2.0}}
                  - {name: inherited, kind: versions, size: 8KiB, objects: 3}
                """);
        assertEquals(new io.s3workload.workload.objects.DataShape(2.0, 1), ((VersionsStage) w.stages().get(0)).data());
        assertEquals(new io.s3workload.workload.objects.DataShape(1, 3.0), ((VersionsStage) w.stages().get(1)).data());
    }
}
