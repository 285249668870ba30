package io.s3workload.opslog;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads an ops log ({@code ops.csv.zst}, {@link OpsLog}) or warp's per-operation output ({@code warp ... --full}:
 * {@code warp-*.csv.zst}, tab-separated, the columns of warp's {@code Operations.CSV}), plain or zstd-compressed, a
 * row at a time. A file that is neither, is cut short or corrupt is an {@link IOException} naming the file, what is
 * wrong and how many rows were read.
 */
public final class OpsReader {

    /** warp's header, as its {@code Operations.CSV} writes it (pkg/bench/ops.go). */
    static final List<String> WARP = List.of("idx", "thread", "op", "client_id", "n_objects", "bytes", "endpoint",
            "file", "error", "start", "first_byte", "last_byte", "end", "duration_ns", "cat");

    private OpsReader() {
    }

    /** What a file was: ours or warp's. */
    public enum Format { OPS_LOG, WARP }

    /** Reads every row of {@code file} into {@code rows}; returns its format. */
    public static Format read(Path file, Consumer<OpsRecord> rows) throws IOException {
        try (Rows in = rows(file)) {
            OpsRecord row;
            while ((row = in.next()) != null) {
                rows.accept(row);
            }
            return in.format();
        }
    }

    /** {@code file}'s rows, to be read one at a time: its header is read (and checked) now. */
    public static Rows rows(Path file) throws IOException {
        return new Rows(file);
    }

    /**
     * An ops log's or warp's rows, read one at a time. A row that does not parse is an {@link IOException} naming
     * its file and line; the next call goes on after it. A file cut short or corrupt is one too.
     */
    public static final class Rows implements AutoCloseable {
        private final Path file;
        private final BufferedReader in;
        private final boolean warp;
        private final List<String> header;
        private final Map<String, Integer> at = new HashMap<>();
        private long read;
        private int lineNumber = 1;

        private Rows(Path file) throws IOException {
            this.file = file;
            this.in = new BufferedReader(new InputStreamReader(open(file), StandardCharsets.UTF_8), 1 << 16);
            try {
                String first = in.readLine();
                if (first == null) {
                    throw new IOException(file + ": empty: not an ops log (ops.csv.zst) or warp's output (--full)");
                }
                warp = first.startsWith("idx\t");
                header = warp ? List.of(first.split("\t", -1)) : Csv.fields(first);
                for (int i = 0; i < header.size(); i++) {
                    at.put(header.get(i), i);
                }
                List<String> need = warp ? List.of("op", "bytes", "endpoint", "file", "error", "start", "end",
                        "duration_ns") : OpsLog.COLUMNS;
                List<String> missing = need.stream().filter(c -> !at.containsKey(c)).toList();
                if (!missing.isEmpty()) {
                    throw new IOException(file + ": not an ops log (ops.csv.zst) or warp's output (--full): "
                            + (text(first) ? "its header lacks " + String.join(", ", missing) + " (it begins \""
                            + (first.length() > 40 ? first.substring(0, 40) + "..." : first) + "\")"
                            : "it begins with bytes that are not text (a binary file, or one compressed otherwise"
                            + " than by zstd)"));
                }
            } catch (IOException e) {
                in.close();
                throw corrupt(e);
            }
        }

        public Format format() {
            return warp ? Format.WARP : Format.OPS_LOG;
        }

        /** The line the last row came from (1: the header). */
        public int line() {
            return lineNumber;
        }

        /** The next row, or null at the end. */
        public OpsRecord next() throws IOException {
            try {
                String line;
                while ((line = in.readLine()) != null) {
                    lineNumber++;
                    if (line.isEmpty() || warp && line.startsWith("#")) {
                        continue;
                    }
                    List<String> f = warp ? List.of(line.split("\t", -1)) : Csv.fields(line);
                    if (f.size() != header.size()) {
                        throw new IOException(file + ":" + lineNumber + ": " + f.size() + " fields where the"
                                + " header has " + header.size() + " (read " + read + " rows before it)");
                    }
                    try {
                        OpsRecord row = warp ? warp(f, at) : ours(f, at);
                        read++;
                        return row;
                    } catch (NumberFormatException | DateTimeParseException e) {
                        throw new IOException(file + ":" + lineNumber + ": not a number or a time where one belongs"
                                + " (" + e.getMessage() + "); read " + read + " rows before it");
                    }
                }
                return null;
            } catch (IOException e) {
                throw corrupt(e);
            }
        }

        private IOException corrupt(IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(file.toString())) {
                return e;
            }
            return new IOException(file + ": cut short or corrupt (" + e.getMessage() + "); read " + read
                    + " rows before it");
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** Whether a file's first line reads as text: no bytes that are not UTF-8, no control characters but tabs. */
    private static boolean text(String line) {
        return line.chars().noneMatch(c -> c == '\uFFFD' || (Character.isISOControl(c) && c != '\t'));
    }

    /** The file's bytes, decompressed when they are zstd frames (by their magic number, whatever its name). */
    private static InputStream open(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        in.mark(4);
        byte[] magic = in.readNBytes(4);
        in.reset();
        boolean zstd = magic.length == 4 && (magic[0] & 0xff) == 0x28 && (magic[1] & 0xff) == 0xb5
                && (magic[2] & 0xff) == 0x2f && (magic[3] & 0xff) == 0xfd;
        return zstd ? new ZstdInputStream(in) : in;
    }

    private static OpsRecord ours(List<String> f, Map<String, Integer> at) {
        return new OpsRecord(new OpsRecord.Cell(f.get(at.get("run")), f.get(at.get("shard")),
                f.get(at.get("stage")), f.get(at.get("op")), f.get(at.get("cell_endpoint")),
                f.get(at.get("size_class"))), (int) number(f, at, "worker"), f.get(at.get("endpoint")),
                f.get(at.get("host")), new OpsRecord.Target(f.get(at.get("bucket")), f.get(at.get("key")),
                        f.get(at.get("version_id")), number(f, at, "bytes"), f.get(at.get("range"))),
                new OpsRecord.Times(number(f, at, "start_us"), number(f, at, "intended_us"), number(f, at, "end_us"),
                        number(f, at, "ttfb_ns"), number(f, at, "latency_ns")),
                new OpsRecord.Answer((int) number(f, at, "status"), f.get(at.get("error")),
                        (int) number(f, at, "attempts"), f.get(at.get("request_id")), f.get(at.get("etag")),
                        f.get(at.get("checksum"))), f.get(at.get("own")));
    }

    /** A number, -1 where the field is empty. */
    private static long number(List<String> f, Map<String, Integer> at, String column) {
        String value = f.get(at.get(column));
        return value.isEmpty() ? -1 : Long.parseLong(value);
    }

    /**
     * A row of warp's: its benchmark is the stage ({@code warp}), its op the op, each endpoint its own cell; warp
     * writes times as RFC 3339 with nanoseconds and the duration in nanoseconds.
     */
    private static OpsRecord warp(List<String> f, Map<String, Integer> at) {
        long start = micros(f.get(at.get("start")));
        long end = micros(f.get(at.get("end")));
        Integer firstByteAt = at.get("first_byte");
        String firstByte = firstByteAt == null ? "" : f.get(firstByteAt);
        String op = f.get(at.get("op"));
        String endpoint = f.get(at.get("endpoint"));
        Integer threadAt = at.get("thread");
        long ttfb = firstByte.isEmpty() ? -1 : (micros(firstByte) - start) * 1_000;
        return new OpsRecord(new OpsRecord.Cell("", "", "warp", op, endpoint, ""),
                threadAt == null ? 0 : Integer.parseInt(f.get(threadAt)), endpoint, endpoint,
                new OpsRecord.Target("", f.get(at.get("file")), "", Long.parseLong(f.get(at.get("bytes"))), ""),
                new OpsRecord.Times(start, -1, end, ttfb, Long.parseLong(f.get(at.get("duration_ns")))),
                new OpsRecord.Answer(-1, f.get(at.get("error")), 1, "", "", ""), "");
    }

    private static long micros(String rfc3339) {
        Instant t = Instant.parse(rfc3339);
        return t.getEpochSecond() * 1_000_000 + t.getNano() / 1_000;
    }

    /** RFC 4180 fields of one line (an ops log's; no field holds a line break). */
    static final class Csv {
        private Csv() {
        }

        static List<String> fields(String line) {
            List<String> out = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quoted) {
                    if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else if (c == '"') {
                        quoted = false;
                    } else {
                        field.append(c);
                    }
                } else if (c == '"') {
                    quoted = true;
                } else if (c == ',') {
                    out.add(field.toString());
                    field.setLength(0);
                } else {
                    field.append(c);
                }
            }
            out.add(field.toString());
            return out;
        }
    }
}
