package io.s3workload.cli;

import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.NotText;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.ground.Durations;
import io.s3workload.history.CheckReport;
import io.s3workload.history.CheckResult;
import io.s3workload.history.History;
import io.s3workload.history.HistoryChecker;
import io.s3workload.history.HistoryException;
import io.s3workload.history.HistoryReader;
import io.s3workload.history.Model;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code s3workload check HISTORY}: a history of operations checked for linearizability, its anomalies named. */
@Command(name = "check", header = "Check a history of operations for consistency anomalies (linearizability).",
        mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Reads a history in JSON lines (one event a line: process, type invoke/ok/fail/info, f, key, "
                + "value, time; the fields Jepsen's histories have) and searches each key's operations for an order "
                + "that explains every result, against S3's register: write, compare-and-set (If-Match), create "
                + "(If-None-Match: *), delete, read; lists against the set of keys present. What no order explains "
                + "is named (stale read, lost update, double create, torn or phantom read, resurrection after delete, "
                + "list omission, list ghost, or not linearizable) with its witnesses. See docs/consistency.md.",
                "Exit codes: 0 every key linearizable; 1 an anomaly found, or a key without a verdict in --timeout; "
                        + "2 the file is missing or a line is wrong (its line and what is wrong are printed)."})
final class CheckCommand implements Callable<Integer> {

    @Parameters(paramLabel = "HISTORY", description = "A history in JSON lines (a run's history.jsonl, or another "
            + "tool's in the same format).")
    Path file;

    @Option(names = "--model", paramLabel = "MODEL", defaultValue = "s3", description = "What to check against: s3 "
            + "(every operation; the default), register (read, write), cas-register (read, write, cas), create-once "
            + "(read, create, delete), set (lists against writes and deletes). A line with an operation the model "
            + "lacks is refused.")
    String model;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10s", description = "The most time a key's "
            + "search may take (default ${DEFAULT-VALUE}); past it the key's verdict is unknown, never ok.")
    String timeout;

    /** What the command reads, for its errors. */
    private static final String EXPECTED = "expected a history in JSON lines, one event a line (a run's"
            + " history-<stage>.jsonl, or another tool's in the same format; docs/consistency.md)";

    @Override
    public Integer call() {
        Model m = Model.named(model).orElse(null);
        if (m == null) {
            System.err.println("error: --model: unknown model \"" + model + "\"; expected one of "
                    + String.join(", ", Arrays.stream(Model.values()).map(Model::label).toList()));
            return ExitCodes.BAD_INPUT;
        }
        Duration budget = Durations.parse(timeout).filter(d -> !d.isNegative() && !d.isZero()).orElse(null);
        if (budget == null) {
            System.err.println("error: --timeout: expected a duration such as 10s or 500ms, got \"" + timeout + "\"");
            return ExitCodes.BAD_INPUT;
        }
        if (Files.isDirectory(file)) {
            System.err.println("error: " + file + " is a directory: " + EXPECTED);
            return ExitCodes.BAD_INPUT;
        }
        History history;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            history = HistoryReader.read(file.toString(), in, m);
        } catch (NoSuchFileException e) {
            System.err.println("error: " + file + ": no such file");
            return ExitCodes.BAD_INPUT;
        } catch (CharacterCodingException e) {
            System.err.println("error: " + file + ": not a history: " + NotText.describe(file) + "; " + EXPECTED);
            return ExitCodes.BAD_INPUT;
        } catch (IOException e) {
            System.err.println("error: " + file + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (HistoryException e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        CheckResult result = HistoryChecker.check(history, budget);
        System.out.print(CheckReport.render(file.toString(), history, m, result));
        return result.verdict() == CheckResult.Verdict.OK ? ExitCodes.OK : ExitCodes.THRESHOLD;
    }
}
