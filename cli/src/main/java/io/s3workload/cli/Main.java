package io.s3workload.cli;

import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.HelpWrapping;
import io.s3workload.cli.terminal.MaskedOutput;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.s3.ClientSetupException;
import io.s3workload.workload.yaml.Problem;
import io.s3workload.workload.yaml.WorkloadException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code s3workload} command line. */
@Command(name = "s3workload", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        subcommands = {RunCommand.class, ValidateCommand.class, PlanCommand.class, ReportCommand.class,
            MergeCommand.class, CompareCommand.class, AnalyzeCommand.class, CheckCommand.class, CleanupCommand.class, SchemaCommand.class, ServerCommand.class,
            CompletionCommand.class, CommandLine.HelpCommand.class},
        description = {"Declarative workloads for benchmarking and validating S3-compatible object storage.", "",
            "  s3workload run workloads/quickstart.yaml", ""},
        footer = {"", "Exit codes:",
            "  0    ok",
            "  1    a failOn threshold was crossed (check: an anomaly found, or a key without a verdict)",
            "  2    bad workload or usage",
            "  3    endpoint unreachable, credentials refused or bucket missing",
            "  4    internal error (set S3WORKLOAD_DEBUG=1 to see its stack trace)",
            "  130  interrupted (Ctrl-C or SIGTERM)"})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** The command line with every command, as {@link #execute} runs it (help as wide as the terminal). */
    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler(Main::handle);
        cli.setUsageHelpAutoWidth(true);
        HelpWrapping.apply(cli);
        return cli;
    }

    /** Runs the command line and returns the exit code (tests call this instead of {@link #main}). */
    public static int execute(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        System.setOut(MaskedOutput.of(out));
        System.setErr(MaskedOutput.of(err));
        try {
            CommandLine cli = commandLine();
            // picocli's help and messages in the default charset (UTF-8 unless file.encoding says otherwise), as before
            cli.setOut(new PrintWriter(new OutputStreamWriter(System.out, Charset.defaultCharset()), true));
            cli.setErr(new PrintWriter(new OutputStreamWriter(System.err, Charset.defaultCharset()), true));
            return cli.execute(args);
        } finally {
            System.out.flush();
            System.err.flush();
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: run, validate, plan, report, merge, compare, cleanup, schema, server or completion");
    }

    private static int handle(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (e instanceof WorkloadException w) {
            err.println("error: the workload has " + w.problems().size()
                    + (w.problems().size() == 1 ? " problem:" : " problems:"));
            for (Problem p : w.problems()) {
                err.println("  " + p);
            }
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        if (e instanceof ClientSetupException setup) {
            err.println("error: " + setup.getMessage());
            err.flush();
            return ExitCodes.BAD_INPUT;
        }
        err.println("internal error: " + e);
        if (System.getenv("S3WORKLOAD_DEBUG") != null) {
            e.printStackTrace(err);
        } else {
            err.println("(set S3WORKLOAD_DEBUG=1 for the stack trace, and please report it)");
        }
        err.flush();
        return ExitCodes.INTERNAL;
    }
}
