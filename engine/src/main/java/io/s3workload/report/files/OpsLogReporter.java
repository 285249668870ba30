package io.s3workload.report.files;

import io.s3workload.opslog.OpsLog;
import io.s3workload.result.Reporter;
import io.s3workload.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * {@code --report ops}: every operation of the run as a row of {@code ops.csv.zst} in the results directory
 * ({@link OpsLog}, docs/ops-log.md). The workers write the rows; this opens the file before the bucket check and
 * closes it when the run ends.
 */
public final class OpsLogReporter implements Reporter {

    private final ResultsDirectory results;
    private OpsLog log;

    public OpsLogReporter(ResultsDirectory results) {
        this.results = results;
    }

    @Override
    public synchronized Optional<OpsLog> operations(String runId) {
        if (log == null) {
            try {
                log = OpsLog.open(results.forRun(runId).resolve(OpsLog.FILE));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the ops log: " + e.getMessage(), e);
            }
        }
        return Optional.of(log);
    }

    @Override
    public void runFinished(RunResult result) {
        close();
    }

    @Override
    public synchronized void close() {
        if (log != null) {
            log.close();
            log = null;
        }
    }
}
