package io.s3workload.server.nul;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.plan.Planner;
import io.s3workload.result.RunResult;
import io.s3workload.run.Engine;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The null server answers every operation the engine makes, with the sizes the keys name. */
class NullS3ServerTest {

    private static NullS3Server server;

    @BeforeAll
    static void start() throws Exception {
        server = NullS3Server.start(0, new NullS3Settings(3000, 2500));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RunResult run(String stages) throws Exception {
        String yaml = """
                endpoints: {n: {url: "%s", credentials: {accessKey: a, secretKey: b}}}
                bucket: bench
                keep: true
                """.formatted(server.endpoint()) + stages;
        return new Engine(Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .parse("null.yaml", yaml)), List.of()).run();
    }

    private static CellStats cell(RunResult result, String stage, int index) {
        return result.stages().stream().filter(s -> s.stage().name().equals(stage)).findFirst().orElseThrow()
                .cells().get(index);
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"sync", "crt"})
    void everyOperationSucceedsAndGetsReturnTheSizeTheKeyNames(String client) throws Exception {
        RunResult result = run("""
                defaults: {client: %s, concurrency: 4}
                stages:
                  - {name: put, kind: put, sizes: [4KiB, 12MiB], objects: 6, multipart: {threshold: 8MiB, partSize: 5MiB}}
                  - {name: get, kind: get, from: put}
                  - name: ranged
                    kind: get
                    from: put
                    parallelRanges: {threshold: 1MiB, chunk: 5MiB, parallel: 2}
                  - {name: head, kind: head, from: put}
                  - {name: list, kind: list, pageSize: 1000}
                  - {name: read, kind: rangeRead, sources: {count: 2, size: 1GiB}, chunk: 1MiB, operations: 10}
                  - {name: del, kind: delete, from: put}
                """.formatted(client));
        result.stages().forEach(s -> s.cells().forEach(c -> assertEquals(Map.of(), c.errorsByClass(),
                s.stage().name() + " " + c.key().label())));
        assertEquals(6L * 4096, cell(result, "get", 0).bytes());
        assertEquals(6L * 12 * 1024 * 1024, cell(result, "get", 1).bytes());
        assertEquals(6L * 12 * 1024 * 1024, cell(result, "ranged", 1).bytes(), "ranges add up to the object");
        assertEquals(12, cell(result, "head", 0).operations() + cell(result, "head", 1).operations());
        assertEquals(2500, cell(result, "list", 0).items(), "the synthetic listing");
        assertEquals(3, cell(result, "list", 0).operations(), "2500 keys in pages of 1000");
        assertEquals(10L * 1024 * 1024, cell(result, "read", 0).bytes());
        assertEquals(12, cell(result, "del", 0).operations() + cell(result, "del", 1).operations());
    }

    @ParameterizedTest
    @CsvSource({"run/stage/1MiB/17, 1048576", "a/sources/10GiB/3, 10737418240", "plain-key, 3000",
        "x/17/y, 3000", "x/4KiB/sub/0, 4096"})
    void theSizeComesFromTheKey(String key, long size) {
        assertEquals(size, new NullS3Settings(3000, 0).sizeOf(key));
    }

    @Test
    void rangesAreAnsweredExactlyAndOnesPastTheEndAreRefused() throws Exception {
        var http = java.net.http.HttpClient.newHttpClient();
        var uri = server.endpoint().resolve("/bench/x/1KiB/0");
        var partial = http.send(java.net.http.HttpRequest.newBuilder(uri).header("Range", "bytes=100-199").build(),
                java.net.http.HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(206, partial.statusCode());
        assertEquals(100, partial.body().length);
        assertEquals("bytes 100-199/1024", partial.headers().firstValue("Content-Range").orElseThrow());
        var tail = http.send(java.net.http.HttpRequest.newBuilder(uri).header("Range", "bytes=1000-5000").build(),
                java.net.http.HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(24, tail.body().length, "a range running past the end is cut at the end");
        var past = http.send(java.net.http.HttpRequest.newBuilder(uri).header("Range", "bytes=2048-3000").build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(416, past.statusCode());
        assertTrue(past.body().contains("<Code>InvalidRange</Code>"), past.body());
    }
}
