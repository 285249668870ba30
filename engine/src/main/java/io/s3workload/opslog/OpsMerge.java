package io.s3workload.opslog;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A sharded run's ops logs as one, rows in the order they ended ({@code end_us}, which every shard takes from the
 * wall clock). A shard's own rows are close to that order but not exactly (its workers write into a few buffers
 * taken a second at a time), so the merge holds a window of {@link #WINDOW_US} of every shard's rows and writes a
 * row once every shard has read past it by that much: memory grows with the rows of that window, not with the run.
 * A row that still comes later than one already written (a worker held up longer than the window) is written
 * where it came, and counted ({@link Merged#outOfOrder}).
 */
public final class OpsMerge {

    /** How far a shard's rows may stray from their order and still be merged in it. */
    static final long WINDOW_US = 5_000_000;

    private OpsMerge() {
    }

    /**
     * What the merge wrote: rows in all, how many were written after a row that ended later (and by how much at
     * most), and the logs that ended in a cut (a killed shard's: merged up to the cut).
     */
    public record Merged(long rows, long outOfOrder, long mostBehindUs, List<String> cut) {
    }

    private record Row(long endUs, long order, String line) {
    }

    /** One shard's log, read a row at a time. */
    private static final class Shard implements AutoCloseable {
        final Path file;
        final BufferedReader in;
        final int endAt;
        long lastEndUs = Long.MIN_VALUE;
        long rowsRead;
        boolean done;
        boolean cut;

        Shard(Path file) throws IOException {
            this.file = file;
            this.in = new BufferedReader(new InputStreamReader(new ZstdInputStream(
                    new BufferedInputStream(Files.newInputStream(file), 1 << 16)), // not continuous: a cut frame throws
                    StandardCharsets.UTF_8), 1 << 16);
            String header;
            try {
                header = in.readLine();
            } catch (IOException e) {
                in.close();
                throw new IOException(file + ": not an ops log (a zstd-compressed ops.csv.zst): " + e.getMessage());
            }
            if (header == null || !OpsReader.Csv.fields(header).equals(OpsLog.COLUMNS)) {
                in.close();
                throw new IOException(file + ": not an ops log of this version (its header is not "
                        + String.join(",", OpsLog.COLUMNS.subList(0, 4)) + ",...)");
            }
            endAt = OpsLog.COLUMNS.indexOf("end_us");
        }

        /** The next row, or null at the end (a shard killed mid-frame ends at its last whole row). */
        Row next(long order) throws IOException {
            String line;
            try {
                line = in.readLine();
            } catch (IOException e) {
                done = true; // cut short: what it held before the cut is merged
                cut = true;
                return null;
            }
            if (line == null) {
                done = true;
                return null;
            }
            List<String> fields = OpsReader.Csv.fields(line);
            if (fields.size() != OpsLog.COLUMNS.size()) {
                done = true; // a last line cut in the middle
                cut = true;
                return null;
            }
            rowsRead++;
            long end = Long.parseLong(fields.get(endAt));
            lastEndUs = Math.max(lastEndUs, end);
            return new Row(end, order, line);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** Merges the logs {@code files} (one per shard) into {@code out}, an ops log of the same columns. */
    public static Merged merge(List<Path> files, Path out) throws IOException {
        List<Shard> shards = new ArrayList<>();
        try {
            for (Path file : files) {
                shards.add(new Shard(file));
            }
            return mergeShards(shards, out);
        } finally {
            for (Shard shard : shards) {
                shard.close();
            }
        }
    }

    private static Merged mergeShards(List<Shard> shards, Path out) throws IOException {
        PriorityQueue<Row> window = new PriorityQueue<>((a, b) -> a.endUs != b.endUs ? Long.compare(a.endUs, b.endUs)
                : Long.compare(a.order, b.order));
        long order = 0;
        long rows = 0;
        long outOfOrder = 0;
        long mostBehind = 0;
        long written = Long.MIN_VALUE;
        try (OutputStream zstd = new ZstdOutputStream(new BufferedOutputStream(Files.newOutputStream(out),
                1 << 16), 3)) {
            zstd.write((String.join(",", OpsLog.COLUMNS) + "\n").getBytes(StandardCharsets.US_ASCII));
            while (true) {
                boolean any = false;
                for (Shard shard : shards) {
                    // each shard is read until it is a window ahead of the earliest row held
                    long until = window.isEmpty() ? Long.MIN_VALUE : window.peek().endUs + WINDOW_US;
                    while (!shard.done && (shard.lastEndUs < until || shard.rowsRead == 0 || window.isEmpty())) {
                        Row row = shard.next(order++);
                        if (row == null) {
                            break;
                        }
                        window.add(row);
                        any = true;
                        until = window.peek().endUs + WINDOW_US;
                    }
                }
                if (window.isEmpty() && !any) {
                    break;
                }
                long safe = Long.MAX_VALUE;
                for (Shard shard : shards) {
                    if (!shard.done) {
                        safe = Math.min(safe, shard.lastEndUs - WINDOW_US);
                    }
                }
                while (!window.isEmpty() && (window.peek().endUs <= safe || safe == Long.MAX_VALUE)) {
                    Row row = window.poll();
                    if (row.endUs < written) {
                        outOfOrder++;
                        mostBehind = Math.max(mostBehind, written - row.endUs);
                    }
                    written = Math.max(written, row.endUs);
                    zstd.write(row.line.getBytes(StandardCharsets.UTF_8));
                    zstd.write('\n');
                    rows++;
                }
            }
        }
        return new Merged(rows, outOfOrder, mostBehind, shards.stream().filter(s -> s.cut)
                .map(s -> s.file + " (cut short after " + s.rowsRead + " rows)").toList());
    }
}
