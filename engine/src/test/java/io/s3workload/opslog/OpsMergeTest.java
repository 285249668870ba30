package io.s3workload.opslog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.testing.QuickTier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shards' ops logs merged into one in the order the operations ended, nothing lost, a cut shard up to its cut. */
@Tag(QuickTier.TAG)
class OpsMergeTest {

    /** A shard's log of {@code rows} rows ending about every 100 µs, each up to 1 s out of order. */
    private static Path shard(Path dir, int index, int rows, long seed) throws IOException {
        Path file = dir.resolve("shard-" + index + ".csv.zst");
        Random random = new Random(seed);
        try (OpsLog log = OpsLog.open(file)) {
            for (int i = 0; i < rows; i++) {
                long end = 1_000_000_000L + i * 100L + random.nextInt(1_000_000);
                log.row().text("r").text(index + "/3").text("s").text("GET").text("e").text("1KiB").number(i % 8)
                        .text("e").text("h").text("b").text("k" + i).empty().number(1024).empty().number(end - 50)
                        .empty().number(end).empty().number(50_000).number(200).text(null).number(1).text("id")
                        .text("").empty().empty().text("").end();
            }
        }
        return file;
    }

    @Test
    void shardsMergeInTheOrderTheirOperationsEndedLosingNothing(@TempDir Path dir) throws Exception {
        List<Path> shards = List.of(shard(dir, 0, 30_000, 1), shard(dir, 1, 20_000, 2), shard(dir, 2, 25_000, 3));
        Path out = dir.resolve("merged.csv.zst");
        OpsMerge.Merged merged = OpsMerge.merge(shards, out);
        assertEquals(75_000, merged.rows());
        assertEquals(0, merged.outOfOrder());
        List<Map<String, String>> rows = OpsLogTest.read(out);
        assertEquals(75_000, rows.size());
        long last = Long.MIN_VALUE;
        for (Map<String, String> row : rows) {
            long end = Long.parseLong(row.get("end_us"));
            assertTrue(end >= last, "in end order: " + end + " after " + last);
            last = end;
        }
        assertEquals(30_000, rows.stream().filter(r -> r.get("shard").equals("0/3")).count());
        assertEquals(25_000, rows.stream().filter(r -> r.get("shard").equals("2/3")).count());
    }

    @Test
    void aShardCutShortIsMergedUpToItsCutAndNamed(@TempDir Path dir) throws Exception {
        Path whole = shard(dir, 0, 5_000, 4);
        Path cut = shard(dir, 1, 50_000, 5);
        byte[] bytes = Files.readAllBytes(cut);
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length * 2 / 3));
        OpsMerge.Merged merged = OpsMerge.merge(List.of(whole, cut), dir.resolve("merged.csv.zst"));
        assertTrue(merged.rows() > 5_000 && merged.rows() < 55_000, "rows: " + merged.rows());
        assertEquals(1, merged.cut().size());
        assertTrue(merged.cut().get(0).startsWith(cut + " (cut short after "), merged.cut().get(0));
        assertEquals(merged.rows(), OpsLogTest.read(dir.resolve("merged.csv.zst")).size());
    }

    @Test
    void aForeignFileIsRefusedNamingIt(@TempDir Path dir) throws Exception {
        Path foreign = Files.writeString(dir.resolve("notes.csv"), "name,age\n");
        IOException e = assertThrows(IOException.class, () -> OpsMerge.merge(List.of(foreign),
                dir.resolve("merged.csv.zst")));
        assertTrue(e.getMessage().startsWith(foreign.toString()), e.getMessage());
    }
}
