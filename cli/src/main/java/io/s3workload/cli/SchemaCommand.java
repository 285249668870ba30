package io.s3workload.cli;

import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.workload.yaml.WorkloadSchema;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code s3workload schema}: the workload format as a JSON Schema. */
@Command(name = "schema", header = "Print the JSON Schema of the workload format, for editors.",
        mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Prints the JSON Schema (draft 2020-12) of workload files: every key of every stage kind with "
                + "its type, so that an editor completes and checks YAML as you type. The same schema ships as "
                + "docs/workload.schema.json; with the YAML language server (VS Code, IntelliJ, Neovim) a workload "
                + "uses it with a first line such as", "",
            "  # yaml-language-server: $schema=../docs/workload.schema.json", "",
            "The schema checks shape; 's3workload validate' checks everything. Exit code 0."})
final class SchemaCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        System.out.print(WorkloadSchema.json());
        return ExitCodes.OK;
    }
}
