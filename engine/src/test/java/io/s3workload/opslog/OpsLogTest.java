package io.s3workload.opslog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdInputStream;
import io.s3workload.metrics.CellStats;
import io.s3workload.report.Reporters;
import io.s3workload.report.files.ResultsDirectory;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.run.Engine;
import io.s3workload.run.clients.OpsSink;
import io.s3workload.testing.TestS3;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ops log of a real run: a row per operation, adding up to every cell exactly (attempts, errors by class,
 * bytes), the open loop's intended starts, the server's ids; and readable up to its last second while it is still
 * being written, as a killed run leaves it.
 */
class OpsLogTest {

    @Test
    void everyCellsAttemptsErrorsAndBytesAreItsRows(@TempDir Path out) throws Exception {
        RunResult result = run(out, """
                    stages:
                      - {name: put, kind: put, sizes: [1KiB, 4KiB], objects: 20, concurrency: 4}
                      - {name: get, kind: get, from: put, duration: 1s, rate: 60/s, concurrency: 2}
                      - {name: mix, kind: mix, objects: 10, size: 2KiB, operations: 40, concurrency: 3,
                         ops: {get: 40, put: 20, head: 20, list: 20}}
                      - {name: delete, kind: delete, from: put}
                      - {name: gone, kind: head, from: put, operations: 10}
                      - {name: race, kind: put, size: 4KiB, objects: 1, operations: 8, concurrency: 8,
                         sharedKeys: true, conditional: ifNoneMatch}
                      - {name: log, kind: append, append: 1KiB, objects: 2, operations: 10}
                    """);
        List<Map<String, String>> rows = read(out.resolve(OpsLog.FILE));
        Map<String, Long> checks = new HashMap<>();
        Map<String, long[]> byCell = new HashMap<>();
        Map<String, Long> errors = new HashMap<>();
        Map<String, String> etags = new HashMap<>();
        Map<String, String> gotten = new HashMap<>();
        for (Map<String, String> row : rows) {
            assertEquals(result.info().runId(), row.get("run"));
            if (!row.get("own").isEmpty()) {
                if (List.of("race", "log").contains(row.get("stage"))) {
                    assertEquals(OpsSink.CHECK, row.get("own"), "a stage's reading back of what it wrote: " + row);
                    checks.merge(row.get("stage") + " " + row.get("op"), 1L, Long::sum);
                }
                continue;
            }
            String cell = cell(row.get("stage"), row.get("op"), row.get("cell_endpoint"), row.get("size_class"));
            long[] sums = byCell.computeIfAbsent(cell, k -> new long[2]);
            sums[0]++;
            sums[1] += Long.parseLong(row.get("bytes"));
            if (!row.get("error").isEmpty()) {
                errors.merge(cell + " " + row.get("error"), 1L, Long::sum);
            }
            assertTrue(Long.parseLong(row.get("end_us")) >= Long.parseLong(row.get("start_us")), row.toString());
            assertEquals(row.get("stage").equals("get"), !row.get("intended_us").isEmpty(),
                    "an intended start exactly where the loop is open: " + row);
            assertFalse(row.get("request_id").isEmpty() && row.get("error").isEmpty(), "S3Proxy names its requests: " + row);
            assertTrue(row.get("host").matches("127\\.0\\.0\\.1:\\d+"), "the address connected: " + row);
            if (row.get("error").isEmpty() && List.of("PUT", "GET", "HEAD").contains(row.get("op"))) {
                assertTrue(row.get("etag").matches("[0-9a-f]{32}"), "the object's ETag, unquoted: " + row);
                if (row.get("stage").equals("put")) {
                    etags.put(row.get("key"), row.get("etag"));
                } else if (row.get("stage").equals("get")) {
                    gotten.put(row.get("key"), row.get("etag"));
                }
            }
        }
        assertFalse(gotten.isEmpty());
        gotten.forEach((key, etag) -> assertEquals(etags.get(key), etag, "a GET's ETag is its PUT's: " + key));
        Map<String, Long> expectedErrors = new HashMap<>();
        int cells = 0;
        for (StageResult stage : result.stages()) {
            for (CellStats c : stage.cells()) {
                String cell = cell(c.key().stage(), c.key().op().name(), c.key().endpoint(),
                        c.key().op().sized() ? c.key().size().label() : "");
                // a mix's total cell is its operations' cells together: each row is in the cell of its operation
                long[] sums = c.key().op() == io.s3workload.metrics.Op.MIX ? byCell.entrySet().stream()
                        .filter(e -> e.getKey().startsWith(c.key().stage() + "/")).map(Map.Entry::getValue)
                        .reduce(new long[2], (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]})
                        : byCell.getOrDefault(cell, new long[2]);
                assertEquals(c.operations() + c.errors(), sums[0], cell + ": rows = attempts");
                assertEquals(c.bytes(), sums[1], cell + ": bytes");
                if (c.key().op() != io.s3workload.metrics.Op.MIX) {
                    c.errorsByClass().forEach((cls, n) -> expectedErrors.put(cell + " " + cls, n));
                }
                cells++;
            }
        }
        assertTrue(cells >= 10, "cells: " + cells);
        assertTrue(byCell.containsKey("race/PUT/s3/4KiB") && byCell.keySet().stream()
                .anyMatch(c -> c.startsWith("log/APPEND/")), "the conditional and append stages' rows: " + byCell);
        assertEquals(Map.of("race GET", 1L, "log HEAD", 2L), checks, "the checks' reads, marked");
        assertEquals(expectedErrors, errors);
        assertTrue(expectedErrors.keySet().stream().anyMatch(k -> k.startsWith("gone/HEAD")),
                "the deleted objects' HEADs failed: " + expectedErrors);
    }

    /**
     * Requests outside the loops are rows too: the probes' writes (measured) and polls ({@code own: poll}) adding up
     * to their cells, a connectivity check's, and the tool's own bucket check and cleanup, marked as such.
     */
    @Test
    void probesChecksPreflightAndCleanupAreRowsMarkedAsSuch(@TempDir Path out) throws Exception {
        RunResult result = run(out, """
                    stages:
                      - {name: check, kind: connectivity}
                      - {name: raw, kind: readAfterWrite, iterations: 5}
                      - {name: law, kind: listAfterWrite, iterations: 3}
                    """);
        List<Map<String, String>> rows = read(out.resolve(OpsLog.FILE));
        Map<String, Long> counted = new HashMap<>();
        for (Map<String, String> row : rows) {
            String own = row.get("own");
            String where = row.get("stage").isEmpty() ? own + " " + row.get("op")
                    : cell(row.get("stage"), row.get("op"), row.get("cell_endpoint"), row.get("size_class"));
            counted.merge(where, 1L, Long::sum);
            assertEquals(row.get("op").equals("GET") || row.get("op").equals("LIST") && !row.get("stage").isEmpty()
                    ? OpsSink.POLL : row.get("stage").isEmpty() ? own : "", own, "marked: " + row);
            assertTrue(row.get("status").matches("[1-5]\\d\\d"), "answered: " + row);
        }
        for (StageResult stage : result.stages()) {
            for (CellStats c : stage.cells()) {
                String cell = cell(c.key().stage(), c.key().op().name(), c.key().endpoint(),
                        c.key().op().sized() ? c.key().size().label() : "");
                assertEquals(c.operations() + c.errors(), counted.getOrDefault(cell, 0L), cell + ": rows = attempts "
                        + counted);
            }
        }
        assertTrue(counted.getOrDefault("preflight HeadBucket", 0L) >= 1, "the bucket check: " + counted);
        assertTrue(counted.keySet().stream().anyMatch(k -> k.startsWith("cleanup ")), "the cleanup: " + counted);
    }

    /**
     * Every client names the address it sent to, the range it asked for, the object's ETag (a read's is its write's)
     * and, with checksums on, the body's checksum.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "client: {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"http", "sync", "crt"})
    void everyClientNamesHostRangeEtagAndChecksum(String client, @TempDir Path out) throws Exception {
        run(out, """
                defaults: {client: %s}
                stages:
                  - {name: put, kind: put, size: 4KiB, objects: 4, concurrency: 1, checksums: %s}
                  - {name: range, kind: rangeRead, sources: {count: 1, size: 64KiB}, chunk: 4KiB, operations: 8,
                     concurrency: 1}
                """.formatted(client, client.equals("http") ? "when-required" : "always"));
        Map<String, String> written = new HashMap<>();
        List<Map<String, String>> ranges = new ArrayList<>();
        for (Map<String, String> row : read(out.resolve(OpsLog.FILE))) {
            if (!row.get("own").isEmpty() || !row.get("error").isEmpty()) {
                continue;
            }
            assertTrue(row.get("host").matches("127\\.0\\.0\\.1:\\d+"), "the address: " + row);
            if (row.get("stage").equals("put")) {
                assertTrue(row.get("etag").matches("[0-9a-f]{32}"), "the ETag, unquoted: " + row);
                // the checksum as the server confirmed it: S3Proxy echoes a whole body's, not a trailer's (the CRT's)
                assertEquals(client.equals("sync"), row.get("checksum").matches("crc32c?:[A-Za-z0-9+/=]+"),
                        "the body's checksum where the server confirmed the client's: " + row);
            } else if (row.get("stage").equals("range") && row.get("op").equals("RANGE_GET")) {
                ranges.add(row);
            }
        }
        assertEquals(8, ranges.size());
        for (Map<String, String> row : ranges) {
            assertTrue(row.get("range").matches("bytes=\\d+-\\d+"), "the range asked for: " + row);
            String[] bounds = row.get("range").substring(6).split("-");
            assertEquals(Long.parseLong(row.get("bytes")), Long.parseLong(bounds[1]) - Long.parseLong(bounds[0]) + 1,
                    "the bytes are the range's: " + row);
            written.merge(row.get("key"), row.get("etag"), (a, b) -> {
                assertEquals(a, b, "one source, one ETag: " + row);
                return a;
            });
        }
    }

    @Test
    void aLogStillBeingWrittenReadsUpToItsLastSecond(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(OpsLog.FILE);
        try (OpsLog log = OpsLog.open(file)) {
            for (int i = 0; i < 1000; i++) {
                log.row().text("run").text("").text("stage, with a comma").text("PUT").text("s3").text("1KiB")
                        .number(i % 7).text("s3").text("[::1]:80").text("b").text("k\"" + i).text("v1").number(1024)
                        .text("bytes=0-1023").number(log.micros(System.nanoTime())).empty().number(-5)
                        .numberOr(false, 0).number(Long.MAX_VALUE).number(200).text(null).number(1).text("id")
                        .text("é").text("\"e\"").text("crc32c:AAAAAA==").text("").end();
            }
            // the writer takes the stripes' rows every second: they are in the file, whole frames, without a close
            // (as a run killed now would leave it); how soon depends on the machine, so wait for it, within a bound
            List<Map<String, String>> rows = read(file);
            for (long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); rows.size() < 1000
                    && System.nanoTime() < giveUp; rows = read(file)) {
                Thread.sleep(50);
            }
            assertEquals(1000, rows.size());
            assertEquals("stage, with a comma", rows.get(0).get("stage"));
            assertEquals("k\"999", rows.get(999).get("key"));
            assertEquals("é", rows.get(0).get("id2"));
            assertEquals(String.valueOf(Long.MAX_VALUE), rows.get(0).get("latency_ns"));
            assertEquals("-5", rows.get(0).get("end_us"));
        }
    }

    /**
     * A row written in place takes no more room than its fields' bounds reserve, whatever its text: quotes and commas
     * (quoted, doubled), characters of two, three and four UTF-8 bytes, control characters in a server's id, the
     * longest and most negative numbers. A bound too small would be a row cut short: it fails loudly instead.
     */
    @Test
    void rowsWrittenInPlaceFitTheRoomTheirFieldsReserve(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(OpsLog.FILE);
        List<String> texts = List.of("\"\"\"\"", ",,,,", "é".repeat(50), "€".repeat(50), "😀".repeat(50),
                "a\"b,c;d", "plain/key-1", "", "k".repeat(1000));
        byte[] id = "\u0001\"req,id\"".getBytes(StandardCharsets.ISO_8859_1);
        try (OpsLog log = OpsLog.open(file)) {
            for (String text : texts) {
                int bound = 13 * OpsRow.bound(text) + 3 * OpsRow.bound((String) null) + 2 * (3 * id.length + 3)
                        + 9 * OpsRow.NUMBER + 1;
                OpsRow row = log.begin(bound);
                row.text(text).text(text).text(text).text(text).text(text).text(text).number(Long.MIN_VALUE)
                        .text(text).text(text).text(text).text(text).text(null).number(Long.MAX_VALUE)
                        .text(text).number(-1).empty().number(0).number(Long.MIN_VALUE + 1).number(9_999_999_999L)
                        .number(599).text(text).number(1);
                row.id(null, id, id.length);
                row.id(null, id, id.length);
                row.text(null).text(text).text(null);
                row.end();
            }
        }
        List<Map<String, String>> rows = read(file); // a long row is a chunk of its own: not in the order written
        assertEquals(texts.size(), rows.size());
        Map<String, Map<String, String>> byKey = new HashMap<>();
        rows.forEach(row -> byKey.put(row.get("key"), row));
        for (String text : texts) {
            Map<String, String> row = byKey.get(text);
            assertTrue(row != null, "a row for " + text);
            assertEquals(text, row.get("stage"));
            assertEquals(text, row.get("checksum"));
            assertEquals(String.valueOf(Long.MIN_VALUE), row.get("worker"));
            assertEquals(String.valueOf(Long.MIN_VALUE + 1), row.get("ttfb_ns"));
            assertEquals(new String(id, StandardCharsets.ISO_8859_1), row.get("id2"));
        }
    }

    /**
     * Thousands of threads writing long rows as fast as they can, half in place and half rows of their own, each
     * compressing the chunks it fills: they never deadlock with one another or the writer (a run at 10,000 workers
     * once did, when a worker waited holding its stripe's lock), and every row is in the file. (A file that falls
     * behind makes them wait: the next test.)
     */
    @Test
    @org.junit.jupiter.api.Timeout(120)
    void writersFasterThanTheLogWaitForItAndLoseNothing(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(OpsLog.FILE);
        int threads = 4000;
        int each = 60;
        String filler = "x".repeat(900); // long rows: the writer falls behind at once
        long waited;
        try (OpsLog log = OpsLog.open(file); var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < threads; t++) {
                int thread = t;
                pool.execute(() -> {
                    for (int i = 0; i < each; i++) {
                        // half the threads write in place (the loops' way), half rows of their own (the tool's)
                        String key = filler + i;
                        OpsRow row = thread % 2 == 0 ? log.begin(40 * OpsRow.NUMBER + OpsRow.bound(key)) : log.row();
                        row.text("run").text("").text("s").text("PUT").text("e").text("1KiB").number(thread)
                                .text("e").text("h").text("b").text(key).empty().number(1).empty().number(i)
                                .empty().number(i).empty().number(1).number(200).text(null).number(1).text("id")
                                .text("").empty().empty().text("").end();
                    }
                });
            }
            pool.shutdown();
            assertTrue(pool.awaitTermination(100, java.util.concurrent.TimeUnit.SECONDS));
            waited = log.waitedNanos();
        }
        assertEquals(threads * each, read(file).size());
        System.out.printf("%d rows of ~1 KB by %d threads: workers waited %.1f ms in all%n", threads * each, threads,
                waited / 1e6);
    }

    /**
     * A log whose file is not read for a while (a FIFO its reader leaves alone for 2.5 s, as a full disk or a slow
     * one would hold the writer): the workers wait for it, the stage says so, and once the file is read again every
     * row is there.
     */
    /**
     * A file that stalls on cue: the writer blocks on it, the rows fall more than the log's limit (64 KiB here, so
     * that a few thousand rows are always more than the file, its buffer and the stripes hold) behind, and a worker
     * waits; the file lets go only once a worker has been seen waiting, and 20 ms later, so the wait is at least that
     * whatever the machine's speed. Nothing is lost meanwhile.
     */
    @Test
    void aStageWhoseWorkersWaitedForTheLogSaysSo(@TempDir Path dir) throws Exception {
        StallingFile file = new StallingFile();
        OpsLog log = OpsLog.open(file, 64 * 1024);
        file.stall();
        List<String> notes = new CopyOnWriteArrayList<>();
        Reporter logging = new Reporter() {
            @Override
            public Optional<OpsLog> operations(String runId) {
                return Optional.of(log);
            }

            @Override
            public void note(String stage, String message) {
                notes.add(stage + ": " + message);
            }
        };
        AtomicBoolean ran = new AtomicBoolean();
        Thread releaser = Thread.ofPlatform().daemon().start(() -> {
            try {
                long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
                while (log.workersWaiting() == 0 && !ran.get() && System.nanoTime() < giveUp) {
                    Thread.sleep(1);
                }
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            } finally {
                file.release();
            }
        });
        RunResult result;
        try (var nul = io.s3workload.server.nul.NullS3Server.start(0,
                new io.s3workload.server.nul.NullS3Settings(1, 0))) {
            // 3,000 rows of some 700 bytes (the long prefix) are 2 MiB: at most 2 x 64 KiB queued and 2 x 8 chunks
            // of 16 KiB in the stripes and the writer's hands before a worker must wait
            result = new Engine(io.s3workload.plan.Planner.plan(new io.s3workload.workload.yaml.WorkloadLoader(
                    Map.of(), List.of(), Optional.empty(), Optional.empty()).parse("wait.yaml", """
                    endpoints: {s3: {url: "%s", credentials: {accessKey: a, secretKey: b}}}
                    bucket: ops
                    keep: true
                    prefix: %s
                    stages:
                      - {name: fill, kind: put, size: 1B, objects: 3000, concurrency: 8}
                    """.formatted(nul.endpoint(), "p".repeat(600)))), List.of(logging)).run();
        } finally {
            ran.set(true); // a run whose workers never waited: the file lets go, and the test fails below
        }
        releaser.join(TimeUnit.MINUTES.toMillis(6));
        log.close();
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("fill: client-bound: workers waited")), notes.toString());
        Path copy = Files.write(dir.resolve(OpsLog.FILE), file.bytes());
        long attempts = result.stages().get(0).cells().stream().mapToLong(c -> c.operations() + c.errors()).sum();
        assertEquals(3000, attempts);
        long rows = read(copy).stream().filter(r -> r.get("stage").equals("fill")).count();
        assertEquals(attempts, rows, "no row lost while the workers waited");
    }

    /** An ops log's file in memory whose writes block from {@link #stall} until {@link #release}. */
    private static final class StallingFile extends OutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CountDownLatch released = new CountDownLatch(1);
        private volatile boolean stalled;

        void stall() {
            stalled = true;
        }

        void release() {
            released.countDown();
        }

        private void await() throws IOException {
            try {
                if (stalled) {
                    released.await();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException();
            }
        }

        @Override
        public void write(int b) throws IOException {
            await();
            synchronized (bytes) {
                bytes.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            await();
            synchronized (bytes) {
                bytes.write(b, off, len);
            }
        }

        byte[] bytes() {
            synchronized (bytes) {
                return bytes.toByteArray();
            }
        }
    }

    /** Runs {@code stages} (a workload's stages: list) in bucket {@code ops} with the ops log on, into {@code out}. */
    static RunResult run(Path out, String stages) throws Exception {
        return run(out, stages, List.of("ops"));
    }

    /** Runs {@code stages} against the embedded server, writing the reports {@code reports} into {@code out}. */
    static RunResult run(Path out, String stages, List<String> reports) throws Exception {
        try (TestS3 s3 = new TestS3()) {
            s3.createBucket("ops");
            List<Reporter> reporters = Reporters.create(reports, new Reporters.Settings(System.out, false,
                    false, new ResultsDirectory(Optional.of(out)), "test"));
            return new Engine(s3.plan("bucket: ops\n" + stages), reporters).run();
        }
    }

    private static String cell(String stage, String op, String endpoint, String size) {
        return stage + "/" + op + "/" + endpoint + "/" + size;
    }

    /** The rows of an ops log, by column (RFC 4180 quoting). */
    static List<Map<String, String>> read(Path file) throws IOException {
        List<Map<String, String>> rows = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new ZstdInputStream(
                Files.newInputStream(file)).setContinuous(true), StandardCharsets.UTF_8))) {
            List<String> header = OpsReader.Csv.fields(in.readLine());
            assertEquals(OpsLog.COLUMNS, header);
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                List<String> values = OpsReader.Csv.fields(line);
                assertEquals(header.size(), values.size(), line);
                Map<String, String> row = new HashMap<>();
                for (int i = 0; i < header.size(); i++) {
                    row.put(header.get(i), values.get(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
