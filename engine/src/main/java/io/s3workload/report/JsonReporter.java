package io.s3workload.report;

import io.s3workload.history.HistoryWriter;
import io.s3workload.result.RunReport;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.result.SummaryJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code summary.json} ({@link SummaryJson}): every figure of the console report, the composite stages' tables,
 * the workload as compiled (endpoints without their secrets), the tool, the JVM, the host, and start and end times;
 * beside it, each history stage's history ({@code history-<stage>.jsonl}, docs/consistency.md).
 */
final class JsonReporter extends EndOfRunFiles {

    JsonReporter(ResultsDirectory results) {
        super(results);
    }

    @Override
    Map<String, String> files(RunResult result) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(SummaryJson.FILE, SummaryJson.write(SummaryJson.of(RunReport.of(result))));
        for (StageResult stage : result.stages()) {
            stage.history().ifPresent(check -> check.history().ifPresent(history -> {
                StringWriter out = new StringWriter();
                try {
                    HistoryWriter.write(history, check.originNanos(), out);
                } catch (IOException e) {
                    throw new UncheckedIOException(e); // a StringWriter does not fail
                }
                files.put(historyFile(stage.stage().name()), out.toString());
            }));
        }
        return files;
    }

    /** The file a history stage's history is written to ({@code s3workload check} reads it). */
    static String historyFile(String stage) {
        return "history-" + stage + ".jsonl";
    }
}
