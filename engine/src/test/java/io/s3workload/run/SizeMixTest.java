package io.s3workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.SizeBucketStats;
import io.s3workload.plan.Planner;
import io.s3workload.result.RunResult;
import io.s3workload.testing.TestS3;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Sizes from a histogram file (what {@code aws s3 ls --recursive} reduces to) are written in its proportions, and
 * the cell's latency is reported per size besides its total; the stored objects are counted to check both.
 */
class SizeMixTest {

    private static TestS3 s3;

    @BeforeAll
    static void start() {
        s3 = new TestS3();
        s3.createBucket("sizes");
    }

    @AfterAll
    static void stop() {
        s3.close();
    }

    @Test
    void aHistogramFileIsWrittenInItsProportionsAndLatencyIsReportedPerSize(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("sizes.csv"), """
                # made by: aws s3 ls s3://B/P --recursive | awk '{print $3}' | sort -n | uniq -c \
                #            | awk '{print $2","$1}' 
                size,count
                4096,600
                65536,300
                1MiB,100
                """);
        Path workload = dir.resolve("mix.yaml");
        Files.writeString(workload, """
                endpoints:
                  s3: {url: "%s", credentials: {accessKey: "%s", secretKey: "%s"}}
                bucket: sizes
                keep: true
                stages:
                  - {name: put, kind: put, size: {file: sizes.csv}, objects: 1000, concurrency: 8}
                  - {name: get, kind: get, from: put, verify: true}
                """.formatted(s3.endpoint(), s3.server().accessKey(), s3.server().secretKey()));
        var plan = Planner.plan(new WorkloadLoader(Map.of(), List.of(), Optional.empty(), Optional.empty())
                .load(workload));
        RunResult result = new Engine(plan, List.of(), dir).run();

        Map<Long, Integer> stored = new TreeMap<>();
        for (S3Object o : s3.list("sizes", result.info().runPrefix())) {
            stored.merge(o.size(), 1, Integer::sum);
        }
        assertEquals(1000, stored.values().stream().mapToInt(Integer::intValue).sum());
        assertEquals(List.of(4096L, 65536L, 1L << 20), List.copyOf(stored.keySet()));
        // each key's size is a draw (the run's seed is random): 1000 draws give standard deviations of 15.5, 14.5
        // and 9.5 objects; 5 of them apart, a sound sampler fails once in a million runs (3 of them, as before, failed
        // CI once: 242 of 65536), while a sampler that ignored the weights (333 each) or the file is far outside
        assertEquals(600, stored.get(4096L), 78, stored.toString());
        assertEquals(300, stored.get(65536L), 73, stored.toString());
        assertEquals(100, stored.get(1L << 20), 48, stored.toString());

        for (String stage : List.of("put", "get")) {
            CellStats cell = result.stages().stream().filter(s -> s.stage().name().equals(stage)).findFirst()
                    .orElseThrow().cells().get(0);
            assertEquals(0, cell.errors(), cell.errorsByClass().toString());
            assertEquals(List.of("4 KiB", "64 KiB", "1 MiB"), cell.bySize().stream().map(SizeBucketStats::label)
                    .toList());
            List<Long> counts = cell.bySize().stream().map(SizeBucketStats::operations).toList();
            assertEquals(List.copyOf(stored.values().stream().map(Integer::longValue).toList()), counts,
                    stage + ": each size's operations are the objects of that size");
            for (SizeBucketStats b : cell.bySize()) {
                assertEquals(b.operations(), b.latency().getTotalCount());
            }
            assertTrue(cell.key().size().toString().startsWith("sizes.csv (1000 objects, 3 sizes"),
                    cell.key().size().toString());
        }
    }
}
