package io.s3workload.cli.options;

import io.s3workload.workload.yaml.Location;
import io.s3workload.workload.yaml.Problem;
import io.s3workload.workload.yaml.WorkloadException;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The workload options of run, validate and plan: also which stages run, and at what scale. */
public final class StageOptions extends WorkloadOptions {

    @Option(names = "--only", paramLabel = "NAME", split = ",",
            description = "Run only the stages with these names or tags (comma-separated), e.g. --only connectivity,consistency. Repeatable.")
    List<String> only = new ArrayList<>();

    @Option(names = "--skip", paramLabel = "NAME", split = ",",
            description = "Leave out the stages with these names or tags (comma-separated). Repeatable.")
    List<String> skip = new ArrayList<>();

    @Option(names = "--scale", paramLabel = "FACTOR", defaultValue = "1",
            description = "Multiply the stages' sizes, object and operation counts, iterations and durations by FACTOR (e.g. 0.01 for a quick trial run); workers, rates and timeouts stay. Durations stay at least 500ms, counts at least 1. Values given with --set are not scaled; the run's header, plan and summary.json list what changed (default: 1, the workload as written).")
    double scale = 1;

    @Override
    WorkloadLoader loader() throws WorkloadException {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new WorkloadException(List.of(new Problem(Location.of("--scale " + scale), "",
                    "expected a number above 0, e.g. 0.01")));
        }
        return super.loader().scaled(scale).selecting(only, skip);
    }
}
