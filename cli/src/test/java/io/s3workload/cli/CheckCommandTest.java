package io.s3workload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code s3workload check}: its verdicts as exit codes, its witnesses printed, bad lines named. */
@Tag("quick") // src/test.sh --quick: starts no server, runs no stage
class CheckCommandTest {

    @TempDir
    Path dir;

    private Path file(String text) throws Exception {
        Path file = dir.resolve("history.jsonl");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void aLinearizableHistoryExitsZero() throws Exception {
        Console c = Console.run("check", file("""
                {"process": 1, "type": "invoke", "f": "write", "key": "k", "value": "a", "time": 0}
                {"process": 2, "type": "invoke", "f": "read", "key": "k", "time": 10}
                {"process": 1, "type": "ok", "f": "write", "key": "k", "value": "a", "time": 20}
                {"process": 2, "type": "ok", "f": "read", "key": "k", "value": null, "time": 30}
                """).toString());
        assertEquals(0, c.exitCode(), c.all());
        assertTrue(c.out().contains("2 operations (0 indeterminate) on 1 key by 2 processes, 0 lists; checked in"), c.out());
        assertTrue(c.out().contains("verdict    ok: every key's operations linearizable"), c.out());
    }

    @Test
    void anAnomalyExitsOneWithItsWitness() throws Exception {
        Console c = Console.run("check", file("""
                {"process": 1, "type": "invoke", "f": "write", "key": "k", "value": "a", "time": 0}
                {"process": 1, "type": "ok", "f": "write", "key": "k", "value": "a", "time": 1000000}
                {"process": 1, "type": "invoke", "f": "delete", "key": "k", "time": 2000000}
                {"process": 1, "type": "ok", "f": "delete", "key": "k", "time": 3000000}
                {"process": 2, "type": "invoke", "f": "read", "key": "k", "time": 4000000}
                {"process": 2, "type": "ok", "f": "read", "key": "k", "value": "a", "time": 5000000}
                """).toString());
        assertEquals(1, c.exitCode(), c.all());
        assertTrue(c.out().contains("verdict    ANOMALIES: 1 in 1 class"), c.out());
        assertTrue(c.out().contains("resurrection after delete: 1 on 1 key; the first witness:"), c.out());
        assertTrue(c.out().matches("(?s).*\\n\\s+2\\s+read\\s+ok\\s+\"a\"\\s+4\\.000\\s+5\\.000\\n.*"), c.out());
    }

    /**
     * A file that is not a history's text says what it is and what was expected, in one line with exit code 2: not
     * the JDK's "Input length = 1".
     */
    @Test
    void aFileThatIsNotTextSaysWhatItIsAndWhatWasExpected() throws Exception {
        Path binary = Files.write(dir.resolve("image.bin"), new byte[] {'{', '\n', (byte) 0xF2, 0x01, 0x00});
        Console c = Console.run("check", binary.toString());
        assertEquals(2, c.exitCode(), c.all());
        assertEquals("error: " + binary + ": not a history: it is not UTF-8 text: line 2, column 1 holds the byte 0xF2"
                + " (a binary file?); expected a history in JSON lines, one event a line (a run's"
                + " history-<stage>.jsonl, or another tool's in the same format; docs/consistency.md)\n", c.err());
        Path zstd = Files.write(dir.resolve("ops.csv.zst"), new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0, 1});
        Console compressed = Console.run("check", zstd.toString());
        assertEquals(2, compressed.exitCode());
        assertTrue(compressed.err().contains(": not a history: it is zstd-compressed (decompress it first: zstd -d"
                + " ops.csv.zst)"), compressed.err());
        Console directory = Console.run("check", dir.toString());
        assertEquals(2, directory.exitCode());
        assertTrue(directory.err().startsWith("error: " + dir + " is a directory: expected a history"),
                directory.err());
    }

    /** docs/consistency.md's example: its history, run as the page shows, prints what the page shows. */
    @Test
    void theDocumentedExamplePrintsWhatTheDocsShow() throws Exception {
        String page = Files.readString(Path.of("../docs/consistency.md"));
        String history = block(page, "```json\n");
        String shown = block(page, "```\n$ s3workload check example.jsonl\n");
        Path file = dir.resolve("example.jsonl");
        Files.writeString(file, history);
        Console c = Console.run("check", file.toString());
        assertEquals(1, c.exitCode(), c.all());
        String printed = c.out().replace(file.toString(), "example.jsonl");
        assertEquals(mask(shown), mask(printed));
    }

    /** The text of the code block that begins with {@code opening}, up to its closing fence. */
    private static String block(String page, String opening) {
        int from = page.indexOf(opening);
        assertTrue(from >= 0, "docs/consistency.md has no block " + opening.strip());
        int start = from + opening.length(); // after the fence (and the prompt's line)
        return page.substring(start, page.indexOf("```", start));
    }

    private static String mask(String text) {
        return text.replaceAll("checked in [0-9.]+ s", "checked in N s");
    }

    @Test
    void badInputExitsTwoNamingTheLine() throws Exception {
        Console c = Console.run("check", file("""
                {"process": 1, "type": "invoke", "f": "read", "key": "k"}
                {"process": 1, "type": "ok", "f": "raed", "key": "k"}
                """).toString());
        assertEquals(2, c.exitCode());
        assertTrue(c.err().contains("history.jsonl:2:1: unknown f \"raed\" (did you mean 'read'?)"), c.err());
        assertEquals(2, Console.run("check", dir.resolve("none.jsonl").toString()).exitCode());
        Console model = Console.run("check", "--model", "regster", dir.resolve("none.jsonl").toString());
        assertEquals(2, model.exitCode());
        assertTrue(model.err().contains("unknown model \"regster\"; expected one of s3, register, cas-register,"
                + " create-once, set"), model.err());
    }
}
