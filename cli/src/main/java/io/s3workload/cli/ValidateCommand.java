package io.s3workload.cli;

import io.s3workload.cli.options.StageOptions;
import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.plan.PlanWarnings;
import io.s3workload.plan.Planner;
import io.s3workload.workload.Workload;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code s3workload validate}: reads and checks a workload without touching storage. */
@Command(name = "validate", header = "Check a workload file without touching storage.", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Check a workload file without touching storage: YAML syntax, keys, values, references between"
                + " stages and endpoints. Prints every problem with file:line:column.", "",
            "Exit codes: 0 valid, 2 invalid.", ""})
final class ValidateCommand implements Callable<Integer> {

    @Mixin
    StageOptions workload;

    @Override
    public Integer call() throws Exception {
        Workload w = workload.load();
        System.out.println(w.source() + ": valid workload '" + w.name() + "' with " + w.stages().size()
                + (w.stages().size() == 1 ? " stage: " : " stages: ") + String.join(", ", w.stageNames()));
        PlanWarnings.of(Planner.plan(w))
                .forEach(x -> System.out.println("warning: " + x));
        return ExitCodes.OK;
    }
}
