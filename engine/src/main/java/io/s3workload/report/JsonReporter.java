package io.s3workload.report;

import io.s3workload.result.RunReport;
import io.s3workload.result.RunResult;
import io.s3workload.result.SummaryJson;
import java.util.Map;

/**
 * {@code summary.json} ({@link SummaryJson}): every figure of the console report, the composite stages' tables,
 * the workload as compiled (endpoints without their secrets), the tool, the JVM, the host, and start and end times.
 */
final class JsonReporter extends EndOfRunFiles {

    JsonReporter(ResultsDirectory results) {
        super(results);
    }

    @Override
    Map<String, String> files(RunResult result) {
        return Map.of(SummaryJson.FILE, SummaryJson.write(SummaryJson.of(RunReport.of(result))));
    }
}
