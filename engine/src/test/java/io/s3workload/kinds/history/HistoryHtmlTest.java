package io.s3workload.kinds.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.s3workload.history.CheckResult;
import io.s3workload.history.History;
import io.s3workload.history.HistoryChecker;
import io.s3workload.history.HistoryReader;
import io.s3workload.history.Model;
import io.s3workload.report.GoldenFilesTest;
import io.s3workload.report.html.HtmlReporter;
import io.s3workload.result.RunReport;
import io.s3workload.result.StageReport;
import io.s3workload.testing.QuickTier;
import io.s3workload.workload.StageKind;
import java.io.BufferedReader;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A history stage's finding in the HTML report. */
@Tag(QuickTier.TAG)
class HistoryHtmlTest {

    private static final long MS = 1_000_000;

    /**
     * A history stage's anomalies are drawn as Jepsen and Porcupine draw them: a timeline per witness, a lane per
     * process, a bar per operation from invocation to completion.
     */
    @Test
    void aHistorysWitnessesAreDrawnAsTimelinesOfTheirOperations() throws Exception {
        // process 1 writes w1 then w2; process 2 reads w1 after w2 completed (a stale read); process 3's write of w3
        // never completes (indeterminate)
        String lines = """
                {"process": 1, "type": "invoke", "f": "write", "key": "k", "value": "w1", "time": 0}
                {"process": 1, "type": "ok", "f": "write", "key": "k", "value": "w1", "time": 1000000}
                {"process": 1, "type": "invoke", "f": "write", "key": "k", "value": "w2", "time": 2000000}
                {"process": 1, "type": "ok", "f": "write", "key": "k", "value": "w2", "time": 3000000}
                {"process": 3, "type": "invoke", "f": "write", "key": "j", "value": "w3", "time": 3500000}
                {"process": 2, "type": "invoke", "f": "read", "key": "k", "time": 4000000}
                {"process": 2, "type": "ok", "f": "read", "key": "k", "value": "w1", "time": 5000000}
                {"process": 3, "type": "info", "f": "write", "key": "j", "value": "w3", "time": 6000000}
                """;
        History history = HistoryReader.read("h.jsonl",
                new BufferedReader(new StringReader(lines)), Model.S3);
        CheckResult result = HistoryChecker.check(history,
                Duration.ofSeconds(5));
        HistoryCheck check = HistoryCheck.of(history, result, 0);
        StageReport stage = new StageReport("h", StageKind.HISTORY, 10 * MS, false, false, List.of(), 0,
                Optional.empty(), Optional.empty(), List.of(check));
        RunReport fixed = GoldenFilesTest.report();
        RunReport report = new RunReport(fixed.about(), fixed.runId(), fixed.startedAt(), fixed.wallNanos(),
                fixed.seed(), fixed.exitCode(), fixed.interrupted(), fixed.endpointUrls(), List.of(stage),
                fixed.breaches(), fixed.cleanup(), Map.of());

        String html = HtmlReporter.page(report);

        assertEquals(1, count(html, "<svg class=\"timeline history-witness\""), "one witness, one timeline");
        String svg = html.substring(html.indexOf("<svg class=\"timeline"), html.indexOf("</svg>",
                html.indexOf("<svg class=\"timeline")));
        assertTrue(svg.contains(">stale read 1: key k<"), svg);
        int lanes = count(svg, ">p1<") + count(svg, ">p2<");
        assertEquals(2, lanes, "the writer's lane and the reader's: " + svg);
        assertEquals(result.classes().get(0).first().get(0).witness().size(), count(svg, "<g class=\"op ok\">"),
                "a bar for each operation of the witness");
        assertTrue(svg.contains(">read w1<") && svg.contains(">write w2<"), svg);
        assertTrue(svg.contains("read w1 (ok), 4.000 to 5.000 ms"), "the tooltip says when, in ms: " + svg);
    }

    private static int count(String text, String what) {
        return text.split(Pattern.quote(what), -1).length - 1;
    }
}
