package io.s3workload.cli;

import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.report.finished.ReportFiles;
import io.s3workload.report.finished.ResultsReader;
import io.s3workload.result.RunReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code s3workload report RESULTS_DIR}: rebuilds a run's HTML and CSV reports from what it recorded. */
@Command(name = "report", header = "Rebuild a run's HTML and CSV reports from its summary.json and hdr logs.",
        mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Reads a results directory written with --report json,hdr (summary.json for counts, times and "
                + "the per-second timeline; hdr/*.hlog for every latency, time-to-first-byte and convergence "
                + "distribution, added up exactly) and writes report.html, summary.csv and timeseries.csv again: "
                + "the same files the run would have written with --report html,csv. Exit codes: 0 ok; 2 the "
                + "directory, its summary.json or an hdr log is missing or unreadable, or --report names an unknown "
                + "report.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "A run's results directory (or its summary.json).")
    Path directory;

    @Option(names = "--report", split = ",", paramLabel = "NAME", defaultValue = "html,csv",
            description = "Which reports to rebuild: html, csv (default: ${DEFAULT-VALUE}).")
    List<String> reports;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where to write them (default: RESULTS_DIR itself, replacing the files there).")
    Path out;

    @Override
    public Integer call() {
        try {
            RunReport report = ResultsReader.read(directory);
            Path into = out == null ? ResultsReader.directoryOf(directory) : out;
            for (Path file : ReportFiles.write(report, reports, into)) {
                System.out.println("wrote " + file);
            }
            return ExitCodes.OK;
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }
}
