package io.s3workload.report.files;

import io.s3workload.result.Reporter;
import io.s3workload.result.RunInfo;
import io.s3workload.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A reporter that writes its files once the run has finished, into the run's results directory: it says which
 * files with what text, this class finds the directory and writes them.
 */
public abstract class EndOfRunFiles implements Reporter {

    private final ResultsDirectory results;
    private Path directory;

    public EndOfRunFiles(ResultsDirectory results) {
        this.results = results;
    }

    /** The files to write, by name, for the finished run. */
    protected abstract Map<String, String> files(RunResult result);

    @Override
    public final void runStarted(RunInfo run) {
        directory = results.forRun(run.runId());
    }

    @Override
    public final void runFinished(RunResult result) {
        for (Map.Entry<String, String> file : files(result).entrySet()) {
            Path path = directory.resolve(file.getKey());
            try {
                Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
            }
        }
    }
}
