package io.s3workload.report.files;

import io.s3workload.result.RunReport;
import io.s3workload.result.RunResult;
import io.s3workload.result.StageResult;
import io.s3workload.result.SummaryJson;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code summary.json} ({@link SummaryJson}): every figure of the console report, the composite stages' tables,
 * the workload as compiled (endpoints without their secrets), the tool, the JVM, the host, and start and end times;
 * beside it, the files of each stage's outcomes (a history stage's {@code history-<stage>.jsonl},
 * docs/consistency.md).
 */
public final class JsonReporter extends EndOfRunFiles {

    public JsonReporter(ResultsDirectory results) {
        super(results);
    }

    @Override
    protected Map<String, String> files(RunResult result) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(SummaryJson.FILE, SummaryJson.write(SummaryJson.of(RunReport.of(result))));
        for (StageResult stage : result.stages()) {
            stage.outcomes().forEach(outcome -> files.putAll(outcome.files(stage.stage().name())));
        }
        return files;
    }
}
