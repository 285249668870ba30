package io.s3workload.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.testing.QuickTier;
import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The checker on histories with known verdicts: Jepsen's etcd histories (Porcupine's), and the textbook cases. */
@Tag(QuickTier.TAG)
class HistoryCheckerTest {

    static History history(Model model, String... lines) throws Exception {
        return HistoryReader.read("test.jsonl", new BufferedReader(new StringReader(String.join("\n", lines))), model);
    }

    static CheckResult check(Model model, String... lines) throws Exception {
        return HistoryChecker.check(history(model, lines), Duration.ofSeconds(10));
    }

    /** {@code invoke(1, "write", "k", "\"a\"", 0)}: one event line. */
    static String event(int process, String type, String f, String key, String value, long time) {
        return "{\"process\": " + process + ", \"type\": \"" + type + "\", \"f\": \"" + f + "\""
                + (key == null ? "" : ", \"key\": \"" + key + "\"") + (value == null ? "" : ", \"value\": " + value)
                + ", \"time\": " + time + "}";
    }

    /** An operation's two lines, from {@code from} to {@code to}. */
    static String[] op(int process, String f, String key, String invoked, String completed, String type, long from,
                       long to) {
        return new String[] {event(process, "invoke", f, key, invoked, from), event(process, type, f, key, completed,
                to)};
    }

    static String[] lines(String[]... ops) {
        List<String[]> events = new ArrayList<>(List.of(ops));
        return events.stream().flatMap(java.util.Arrays::stream)
                .sorted(java.util.Comparator.comparingLong(l -> Long.parseLong(l.replaceAll(".*\"time\": (\\d+).*",
                        "$1"))))
                .toArray(String[]::new);
    }

    private static List<Anomaly.Kind> kinds(CheckResult result) {
        return result.classes().stream().map(CheckResult.AnomalyClass::kind).toList();
    }

    @Test
    void jepsenEtcdHistoriesGetTheVerdictsPorcupineGives() throws Exception {
        String expected = resource("expected.tsv");
        int linearizable = 0, not = 0;
        for (String row : expected.strip().split("\n")) {
            String[] cells = row.split("\t");
            String jsonLines = JepsenEtcdLog.toJsonLines(resource(cells[0]));
            History history = HistoryReader.read(cells[0], new BufferedReader(new StringReader(jsonLines)),
                    Model.CAS_REGISTER);
            CheckResult result = HistoryChecker.check(history, Duration.ofSeconds(30));
            boolean ok = result.verdict() == CheckResult.Verdict.OK;
            assertEquals(cells[1].equals("linearizable"), ok, cells[0] + ": " + result);
            if (ok) {
                linearizable++;
            } else {
                not++;
                assertEquals(CheckResult.Verdict.ANOMALIES, result.verdict(), cells[0] + ": never unknown");
            }
        }
        assertEquals(102, linearizable + not);
        assertTrue(linearizable > 20 && not > 60, linearizable + " linearizable, " + not + " not");
    }

    private static String resource(String name) throws Exception {
        try (var in = HistoryCheckerTest.class.getResourceAsStream("/history/jepsen-etcd/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void overlappingWritesMayBeReadInEitherOrder() throws Exception {
        CheckResult result = check(Model.S3, lines(
                op(1, "write", "k", "\"a\"", null, "ok", 0, 10),
                op(2, "write", "k", "\"b\"", null, "ok", 1, 11),
                op(3, "read", "k", null, "\"b\"", "ok", 2, 3),
                op(3, "read", "k", null, "\"a\"", "ok", 4, 5),
                op(4, "read", "k", null, "\"a\"", "ok", 12, 13)));
        assertEquals(CheckResult.Verdict.OK, result.verdict(), result.toString());
    }

    @Test
    void twoReadersSeeingTwoOverlappingWritesInOppositeOrdersIsNotLinearizable() throws Exception {
        CheckResult result = check(Model.S3, lines(
                op(1, "write", "k", "\"a\"", null, "ok", 0, 10),
                op(2, "write", "k", "\"b\"", null, "ok", 0, 10),
                op(3, "read", "k", null, "\"a\"", "ok", 11, 12),
                op(3, "read", "k", null, "\"b\"", "ok", 13, 14),
                op(4, "read", "k", null, "\"b\"", "ok", 11, 12),
                op(4, "read", "k", null, "\"a\"", "ok", 13, 14)));
        // after both writes ended the value is fixed, so two reads begun after disagree; which of them is stale
        // no order can say, so no class is named: the witness is the two reads and a write
        assertEquals(List.of(Anomaly.Kind.NOT_LINEARIZABLE), kinds(result), result.toString());
        List<Op> witness = result.classes().get(0).first().get(0).witness();
        assertEquals(List.of("a", "a", "b"), witness.stream().map(Op::value).toList(), witness.toString());
        assertEquals(List.of(Op.Fn.WRITE, Op.Fn.READ, Op.Fn.READ), witness.stream().map(Op::f).toList());
    }

    @Test
    void aReadOfAValueWhoseWriteBeganAfterTheReadEndedIsAPhantom() throws Exception {
        CheckResult result = check(Model.S3, lines(
                op(1, "read", "k", null, "\"a\"", "ok", 0, 1),
                op(2, "write", "k", "\"a\"", null, "ok", 2, 3)));
        assertEquals(List.of(Anomaly.Kind.TORN_READ), kinds(result));
        assertEquals(2, result.classes().get(0).first().get(0).witness().size());
    }

    @Test
    void eachClassIsNamedWithItsWitness() throws Exception {
        record Case(Anomaly.Kind kind, int witnesses, String[] lines) {
        }
        List<Case> cases = List.of(
                new Case(Anomaly.Kind.STALE_READ, 3, lines(
                        op(1, "write", "k", "\"a\"", null, "ok", 0, 1),
                        op(1, "write", "k", "\"b\"", null, "ok", 2, 3),
                        op(2, "read", "k", null, "\"a\"", "ok", 4, 5))),
                new Case(Anomaly.Kind.STALE_READ, 2, lines(
                        op(1, "write", "k", "\"a\"", null, "ok", 0, 1),
                        op(2, "read", "k", null, "null", "ok", 2, 3))),
                new Case(Anomaly.Kind.LOST_UPDATE, 3, lines(
                        op(1, "write", "k", "\"a\"", null, "ok", 0, 1),
                        op(1, "cas", "k", "[\"a\", \"b\"]", null, "ok", 2, 3),
                        op(2, "cas", "k", "[\"a\", \"c\"]", null, "ok", 4, 5))),
                new Case(Anomaly.Kind.DOUBLE_CREATE, 2, lines(
                        op(1, "create", "k", "\"a\"", null, "ok", 0, 1),
                        op(2, "create", "k", "\"b\"", null, "ok", 2, 3))),
                new Case(Anomaly.Kind.TORN_READ, 1, lines(
                        op(1, "write", "k", "\"a\"", null, "ok", 0, 1),
                        op(2, "read", "k", null, "\"a+b\"", "ok", 2, 3))),
                new Case(Anomaly.Kind.RESURRECTION, 3, lines(
                        op(1, "write", "k", "\"a\"", null, "ok", 0, 1),
                        op(1, "delete", "k", null, null, "ok", 2, 3),
                        op(2, "read", "k", null, "\"a\"", "ok", 4, 5))),
                new Case(Anomaly.Kind.LIST_OMISSION, 2, lines(
                        op(1, "write", "k", "\"a\"", null, "ok", 0, 1),
                        op(2, "list", null, null, "[]", "ok", 2, 3))),
                new Case(Anomaly.Kind.LIST_GHOST, 2, lines(
                        op(1, "write", "k", "\"a\"", null, "ok", 0, 1),
                        op(1, "delete", "k", null, null, "ok", 2, 3),
                        op(2, "list", null, null, "[\"k\"]", "ok", 4, 5))),
                new Case(Anomaly.Kind.NOT_LINEARIZABLE, 2, lines(
                        op(1, "write", "k", "\"a\"", null, "ok", 0, 1),
                        op(2, "cas", "k", "[\"a\", \"b\"]", null, "fail", 2, 3))));
        for (Case c : cases) {
            CheckResult result = check(Model.S3, c.lines);
            assertEquals(List.of(c.kind), kinds(result), c.kind + ": " + result);
            Anomaly first = result.classes().get(0).first().get(0);
            assertEquals(c.witnesses, first.witness().size(), c.kind + ": " + first);
            assertEquals(1, result.classes().get(0).count(), c.kind + ": " + result);
        }
    }

    @Test
    void whatOverlapsOrMayHaveHappenedExplainsTheSameReads() throws Exception {
        // a delete overlapping the list, a write lost to a timeout that a later read saw, a failed compare-and-set
        // from a value already replaced, a create refused where the object exists
        CheckResult result = check(Model.S3, lines(
                op(1, "write", "k", "\"a\"", null, "ok", 0, 1),
                op(2, "delete", "k", null, null, "ok", 2, 6),
                op(3, "list", null, null, "[]", "ok", 3, 4),
                op(4, "write", "j", "\"x\"", null, "info", 5, 7),
                op(5, "read", "j", null, "\"x\"", "ok", 20, 21),
                op(6, "cas", "j", "[\"y\", \"z\"]", null, "fail", 22, 23),
                op(7, "create", "j", "\"w\"", null, "fail", 24, 25)));
        assertEquals(CheckResult.Verdict.OK, result.verdict(), result.toString());
        assertEquals(7, result.operations());
        assertEquals(2, result.keys());
    }

    @Test
    void aSearchPastItsBudgetIsUnknownNeverOk() throws Exception {
        // sixteen overlapping writes, then two reads no order explains (no pattern names it): the search must try
        // every set of the writes before it can say so (a million states, a second or two)
        List<String[]> ops = new ArrayList<>();
        for (int p = 0; p < 16; p++) {
            ops.add(op(p, "write", "k", "\"v" + p + "\"", null, "ok", p, 100 + p));
        }
        ops.add(op(30, "read", "k", null, "\"v1\"", "ok", 200, 201));
        ops.add(op(30, "read", "k", null, "\"v2\"", "ok", 202, 203));
        History history = history(Model.S3, lines(ops.toArray(String[][]::new)));
        CheckResult result = HistoryChecker.check(history, Duration.ofMillis(5));
        assertEquals(CheckResult.Verdict.UNKNOWN, result.verdict(), result.toString());
        assertEquals("k", result.unknown().get(0).key());
        assertTrue(result.unknown().get(0).why().contains("no verdict within 5 ms"), result.unknown().toString());
        CheckResult patient = HistoryChecker.check(history, Duration.ofSeconds(60));
        assertEquals(List.of(Anomaly.Kind.NOT_LINEARIZABLE), kinds(patient), patient.toString());
    }

    @Test
    void keysAreCheckedApart() throws Exception {
        CheckResult result = check(Model.S3, lines(
                op(1, "write", "a", "\"1\"", null, "ok", 0, 1),
                op(1, "write", "b", "\"1\"", null, "ok", 2, 3),
                op(2, "read", "a", null, "\"1\"", "ok", 4, 5),
                op(2, "read", "b", null, "null", "ok", 6, 7)));
        assertEquals(List.of(Anomaly.Kind.STALE_READ), kinds(result));
        assertEquals("b", result.classes().get(0).first().get(0).key());
        assertEquals(1, result.classes().get(0).keys());
        assertEquals(result.toString(), result.toString().lines().collect(Collectors.joining("\n")));
    }
}
