package io.s3workload.cli;

import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code s3workload completion bash|zsh}: a completion script for the shell, made from the command tree itself. */
@Command(name = "completion", header = "Print a shell completion script (bash or zsh).",
        mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Prints a script that completes s3workload's commands and options, and files where a command"
                + " takes one. Load it for this shell, or add the line to ~/.bashrc or ~/.zshrc:", "",
            "  source <(s3workload completion bash)",
            "  source <(s3workload completion zsh)", "",
            "(zsh: the script loads bashcompinit itself.) Exit code 0."})
final class CompletionCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SHELL", description = "bash or zsh")
    String shell;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (!shell.equals("bash") && !shell.equals("zsh")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "SHELL: expected bash or zsh, got '" + shell
                    + "'");
        }
        String script = AutoComplete.bash("s3workload", spec.root().commandLine());
        if (shell.equals("zsh")) {
            System.out.println("autoload -U +X compinit && compinit");
            System.out.println("autoload -U +X bashcompinit && bashcompinit");
        }
        System.out.print(script);
        return ExitCodes.OK;
    }
}
