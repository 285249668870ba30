package io.s3workload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.s3workload.ground.Shard;
import io.s3workload.plan.Planner;
import io.s3workload.report.Reporters;
import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.run.Engine;
import io.s3workload.run.RunOptions;
import io.s3workload.server.EmbeddedS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code merge} of a hundred shards: results of 100 real shard runs (in this process, one after another, against the
 * embedded server), merged by the command in a JVM of 64 MiB heap — which the merge that held every shard's
 * histograms at once (some 2.7 MB a shard here) could not do. Histograms add up exactly, a missing, partial or
 * duplicated shard is named.
 */
class MergeAtScaleTest {

    private static final int SHARDS = 100;

    @Test
    void aHundredShardsMergeExactlyInSecondsInASmallHeap(@TempDir Path dir) throws Exception {
        List<Path> shards = runShards(dir);
        long started = System.nanoTime();
        Result merge = merge(shards, dir.resolve("merged"));
        double seconds = (System.nanoTime() - started) / 1e9;
        assertEquals(0, merge.exit(), merge.output());
        // seconds here: the bound tells a merge that slows with the shards (or hangs) from a busy machine's pace
        assertTrue(seconds < 300, "100 shards merged in " + seconds + " s");
        assertTrue(merge.output().contains("shard 99  complete"), merge.output());
        // the shards ran one after another: the merge says they did not run together
        assertTrue(merge.output().contains("WARNING: the shards began "), merge.output());

        JsonNode merged = new ObjectMapper().readTree(dir.resolve("merged/summary.json").toFile());
        for (String cell : List.of("put.PUT.s3.4KiB", "get.GET.s3.4KiB")) {
            Histogram sum = new Histogram(3);
            long operations = 0;
            for (Path shard : shards) {
                sum.add(logged(shard.resolve("hdr/" + cell + ".hlog")));
                JsonNode s = new ObjectMapper().readTree(shard.resolve("summary.json").toFile());
                operations += s.at("/stages/" + (cell.startsWith("put") ? 0 : 1) + "/cells/0/operations").asLong();
            }
            Histogram all = logged(dir.resolve("merged/hdr/" + cell + ".hlog"));
            assertEquals(sum, all, cell + ": the merged log holds every shard's values, no more, no fewer");
            int stage = cell.startsWith("put") ? 0 : 1;
            assertEquals(operations, merged.at("/stages/" + stage + "/cells/0/operations").asLong(), cell);
            assertEquals(operations, all.getTotalCount(), cell);
            assertEquals(sum.getValueAtPercentile(99) / 1e6,
                    merged.at("/stages/" + stage + "/cells/0/latencyMs/p99").asDouble(), 1e-9, cell + " p99");
        }
        assertEquals(SHARDS * 20, merged.at("/stages/0/cells/0/operations").asLong(), "2,000 PUTs in all");
        assertTrue(merged.at("/run/startSpreadSeconds").asDouble() > 1, merged.at("/run").toString());
        assertTrue(merged.at("/run/shards/99/startedAt").isTextual(), merged.at("/run/shards/99").toString());

        // one shard twice, one left out, one that did not finish: each named
        Path copy = dir.resolve("copy-of-7");
        copyTree(shards.get(7), copy);
        List<Path> twice = new ArrayList<>(shards);
        twice.add(copy);
        Result duplicated = merge(twice, dir.resolve("m2"));
        assertEquals(2, duplicated.exit(), duplicated.output());
        assertTrue(duplicated.output().contains("shard 7 is given twice: " + shards.get(7) + " and " + copy),
                duplicated.output());

        List<Path> without = new ArrayList<>(shards);
        without.remove(42);
        Files.delete(shards.get(13).resolve("summary.json"));
        Result gaps = merge(without, dir.resolve("m3"));
        assertEquals(1, gaps.exit(), gaps.output());
        assertTrue(gaps.output().contains("shard 42  missing") && gaps.output().contains(
                "no results given for shard 42 of 100"), gaps.output());
        assertTrue(gaps.output().contains("partial") && gaps.output().contains(shards.get(13).toString()),
                gaps.output());
        assertTrue(gaps.output().contains("PARTIAL: not every shard finished"), gaps.output());
    }

    /** 100 shards of a PUT and a GET stage, each with its results (json, hdr) in its own directory. */
    private static List<Path> runShards(Path dir) throws Exception {
        List<Path> shards = new ArrayList<>();
        try (EmbeddedS3 server = EmbeddedS3.start(EmbeddedS3.Backend.MEMORY)) {
            String yaml = """
                    name: merge-at-scale
                    bucket: scale
                    createBucket: true
                    endpoints:
                      s3:
                        url: %s
                        credentials: {accessKey: "%s", secretKey: "%s"}
                    stages:
                      - {name: put, kind: put, size: 4KiB, objects: 2000, concurrency: 200}
                      - {name: get, kind: get, from: put, operations: 4000, concurrency: 200}
                    """.formatted(server.endpoint(), server.accessKey(), server.secretKey());
            for (int i = 0; i < SHARDS; i++) {
                Shard shard = new Shard(i, SHARDS);
                Path out = dir.resolve("shard-" + i);
                ResultsDirectory results = new ResultsDirectory(Optional.of(out));
                new Engine(Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                        .sharded(shard).parse("merge-at-scale.yaml", yaml)),
                        Reporters.create(List.of("json", "hdr"), new Reporters.Settings(System.out, false, false,
                                results, "test")),
                        new RunOptions(Optional.of("scale-1"), Optional.of(shard), Optional.empty(), dir,
                                Duration.ofSeconds(30))).run();
                shards.add(out);
            }
        }
        return shards;
    }

    private record Result(int exit, String output) {
    }

    /**
     * {@code s3workload merge} in a JVM of its own, its heap 64 MiB, in a Turkish locale (where "MISSING" lower-cased
     * without Locale.ROOT is "mıssıng").
     */
    private static Result merge(List<Path> shards, Path out) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx64m", "-Duser.language=tr", "-Duser.country=TR", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "merge"));
        shards.forEach(s -> command.add(s.toString()));
        command.addAll(List.of("--out", out.toString()));
        try (ChildProcess p = ChildProcess.start(new ProcessBuilder(command))) {
            int code = p.exitCode();
            return new Result(code, p.output());
        }
    }

    /** Every interval of an hdr log, added. */
    private static Histogram logged(Path log) throws Exception {
        Histogram sum = new Histogram(3);
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                Histogram interval = (Histogram) h;
                if (interval.getTag() == null || interval.getTag().equals("latency")) {
                    sum.add(interval);
                }
            }
        }
        return sum;
    }

    private static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }
}
