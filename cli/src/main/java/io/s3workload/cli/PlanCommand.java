package io.s3workload.cli;

import io.s3workload.cli.options.Sharded;
import io.s3workload.cli.options.StageOptions;
import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.ground.Shard;
import io.s3workload.ground.Units;
import io.s3workload.plan.Planner;
import io.s3workload.report.plan.PlanPrinter;
import io.s3workload.workload.yaml.Substitution;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code s3workload plan}: prints the compiled plan; a dry run with no network. */
@Command(name = "plan", header = "Print the compiled plan of a workload: a dry run, no network.", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Dry run: compile a workload and print the plan (stages in order, workers, sizes, expected"
                + " operations and bytes where known, what --scale changed) without any network access.", "",
            "Exit codes: 0 ok, 2 invalid workload.", ""})
final class PlanCommand implements Callable<Integer> {

    @Mixin
    StageOptions workload;

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Print the plan of shard I of N (I from 0), as 'run --shard I/N' runs it: its share of the workers, objects, operations and rate. See docs/distributed.md.")
    String shard;

    @Override
    public Integer call() throws Exception {
        Optional<Shard> part;
        try {
            part = Sharded.shard(shard, null, Map.of());
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        // A preview: endpoint variables a run requires may be unset; their examples stand in, and the plan says so.
        workload.endpointsReplaced(true);
        String plan = PlanPrinter.render(Planner.plan(workload.load(part.orElse(Shard.WHOLE))));
        // the file loaded (a file that is not UTF-8 text was refused above, with its line and column)
        Set<String> unset = Substitution.unsetRequired(
                Files.readString(workload.file()), System.getenv());
        System.out.print(plan);
        part.ifPresent(p -> System.out.println("  shard " + p + ": this process's share of every stage's workers,"
                + " counts and rate; the " + Units.count(p.count(), "shard") + " together run the whole workload"));
        if (!unset.isEmpty()) {
            System.out.println("  note: " + String.join(", ", unset) + (unset.size() == 1 ? " is" : " are")
                    + " not set: the endpoints above are the workload's examples; run needs "
                    + (unset.size() == 1 ? "it" : "them") + " set (or --embedded)");
        }
        return ExitCodes.OK;
    }
}
