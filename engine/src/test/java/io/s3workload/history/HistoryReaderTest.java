package io.s3workload.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.s3workload.testing.QuickTier;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A history file's bad lines: each named by its line and what is wrong. */
@Tag(QuickTier.TAG)
class HistoryReaderTest {

    private static History read(Model model, String text) throws Exception {
        return HistoryReader.read("h.jsonl", new BufferedReader(new StringReader(text)), model);
    }

    private static String problem(Model model, String text) {
        return assertThrows(HistoryException.class, () -> read(model, text)).getMessage();
    }

    @Test
    void badLinesAreNamed() {
        record Case(String text, String message) {
        }
        String invoke = "{\"process\": 1, \"type\": \"invoke\", \"f\": \"read\", \"key\": \"k\"}\n";
        List<Case> cases = List.of(
                new Case(invoke + "{\"process\": 2, \"type\": \"ok\", \"f\": \"read\", \"value\": null}",
                        "h.jsonl:2:1: unmatched completion: process 2 has no operation in flight (its \"invoke\" line"
                                + " is missing)"),
                new Case("{\"process\": 1, \"type\": \"invoke\", \"f\": \"reed\"}",
                        "h.jsonl:1:1: unknown f \"reed\" (did you mean 'read'?) (expected read, write, cas, create,"
                                + " delete, list)"),
                new Case(invoke + "{\"process\": 1, \"type\": \"ok\", \"f\": \"read\", \"value\": null",
                        "h.jsonl:2:"),
                new Case(invoke + "not json", "h.jsonl:2:1: not JSON: Unrecognized token 'not'"),
                new Case("[1, 2]", "h.jsonl:1:1: expected a JSON object, one event a line, got [1, 2]"),
                new Case(invoke + invoke, "h.jsonl:2:1: process 1 invokes again while its read from line 1 has not"
                        + " completed (a process runs one operation at a time)"),
                new Case(invoke + "{\"process\": 1, \"type\": \"ok\", \"f\": \"write\", \"value\": \"a\"}",
                        "h.jsonl:2:1: process 1 completes a write but invoked a read at line 1"),
                new Case("{\"process\": 1, \"type\": \"invoke\", \"f\": \"read\", \"tiem\": 3}",
                        "h.jsonl:1:1: unknown field \"tiem\" (did you mean 'time'?) (expected error, f, key, process,"
                                + " time, type, value)"),
                new Case("{\"process\": 1, \"type\": \"start\", \"f\": \"read\"}",
                        "h.jsonl:1:1: unknown type \"start\" (expected invoke, ok, fail or info)"),
                new Case("{\"process\": 1, \"type\": \"invoke\", \"f\": \"cas\", \"value\": \"a\"}\n"
                        + "{\"process\": 1, \"type\": \"ok\", \"f\": \"cas\"}",
                        "h.jsonl:1:1: a cas needs \"value\": [expected, new], both not null, got \"a\""),
                new Case(invoke.replace("}", ", \"time\": 5}") + "{\"process\": 1, \"type\": \"ok\", \"f\": \"read\"}",
                        "h.jsonl:2:1: no \"time\", though the lines before have one"),
                new Case(invoke.replace("}", ", \"time\": 5}")
                        + "{\"process\": 1, \"type\": \"ok\", \"f\": \"read\", \"time\": 4}",
                        "h.jsonl:2:1: \"time\" 4 is earlier than the line before's (5): events must be in time order"));
        for (Case c : cases) {
            String message = problem(Model.S3, c.text);
            assertEquals(c.message, message.substring(0, Math.min(message.length(), c.message.length())), message);
        }
    }

    @Test
    void aModelRefusesWhatItDoesNotHave() {
        assertEquals("h.jsonl:1:1: f \"delete\" is not an operation of the cas-register model (it has read, write, cas)",
                problem(Model.CAS_REGISTER, "{\"process\": 1, \"type\": \"invoke\", \"f\": \"delete\"}"));
    }

    @Test
    void withoutTimesLinesOrderTheEventsAndWhatNeverCompletedIsIndeterminate() throws Exception {
        History history = read(Model.S3, """
                {"process": 1, "type": "invoke", "f": "write", "key": "k", "value": "a"}
                {"process": "w2", "type": "invoke", "f": "read", "key": "k"}

                {"process": "w2", "type": "ok", "f": "read", "key": "k", "value": "a"}
                {"process": 3, "type": "invoke", "f": "read", "key": "k"}
                {"process": 3, "type": "fail", "f": "read", "key": "k"}
                {"process": 4, "type": "invoke", "f": "cas", "key": "k", "value": ["a", "b"]}
                {"process": 4, "type": "fail", "f": "cas", "key": "k", "value": ["a", "b"], "error": "Conflict"}
                """);
        assertEquals(false, history.timed());
        assertEquals(2, history.ops().size(), "the failed read and the cas refused for a reason of its own dropped");
        Op write = history.ops().get(0);
        assertEquals(Op.Outcome.INFO, write.outcome());
        assertEquals(Long.MAX_VALUE, write.completed());
        assertEquals(1, write.invoked());
        Op read = history.ops().get(1);
        assertEquals(2, read.invoked());
        assertEquals(4, read.completed());
        assertEquals("a", read.value());
        assertEquals(4, history.processes());
    }
}
