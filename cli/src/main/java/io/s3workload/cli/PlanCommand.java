package io.s3workload.cli;

import io.s3workload.plan.Planner;
import io.s3workload.report.PlanPrinter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code s3workload plan}: prints the compiled plan; a dry run with no network. */
@Command(name = "plan", header = "Print the compiled plan of a workload: a dry run, no network.", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Dry run: compile a workload and print the plan (stages in order, workers, sizes,",
            "expected operations and bytes where known) without any network access.", "",
            "Exit codes: 0 ok, 2 invalid workload."})
final class PlanCommand implements Callable<Integer> {

    @Mixin
    WorkloadOptions workload;

    @Override
    public Integer call() throws Exception {
        System.out.print(PlanPrinter.render(Planner.plan(workload.load())));
        return ExitCodes.OK;
    }
}
