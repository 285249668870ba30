package io.s3workload.cli;

import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.report.finished.RunComparison;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code s3workload compare A B}: two runs side by side. */
@Command(name = "compare", header = "Print two runs side by side, with ratios.", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Print two runs side by side from their summary.json (written by --report json): per cell "
                + "(stage, op, endpoint, size), ops/s with the B/A ratio, MiB/s, and p50 and p99 latency with B's "
                + "difference to A in ms and percent. Exit codes: 0 ok; 2 a summary is missing or unreadable.")
final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "A results directory or its summary.json.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "Another, compared with A.")
    Path b;

    @Override
    public Integer call() {
        try {
            System.out.print(RunComparison.compare(a, b));
            return ExitCodes.OK;
        } catch (IOException e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }
}
