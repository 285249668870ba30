package io.s3workload.cli;

import io.s3workload.workload.Workload;
import io.s3workload.workload.yaml.WorkloadException;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The workload file and the command-line settings that change it, shared by run, validate and plan. */
final class WorkloadOptions {

    @Parameters(index = "0", paramLabel = "WORKLOAD.yaml", description = "The workload file.")
    Path file;

    @Option(names = "--set", paramLabel = "PATH=VALUE",
            description = "Override a setting of the workload, e.g. --set stages.put-1mib.concurrency=50 or --set bucket=other. Stages are addressed by name or index. Repeatable.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--bucket", paramLabel = "BUCKET", description = "Use this bucket instead of the workload's.")
    String bucket;

    @Option(names = "--endpoint", paramLabel = "URL|NAME=URL",
            description = "Send requests to this URL instead of the workload's endpoint (NAME=URL when the workload has several). Without any endpoint the embedded server is used.")
    String endpoint;

    @Option(names = "--only", paramLabel = "NAME", split = ",",
            description = "Run only the stages with these names or tags (comma-separated), e.g. --only connectivity,consistency. Repeatable.")
    List<String> only = new ArrayList<>();

    @Option(names = "--skip", paramLabel = "NAME", split = ",",
            description = "Leave out the stages with these names or tags (comma-separated). Repeatable.")
    List<String> skip = new ArrayList<>();

    @Option(names = "--scale", paramLabel = "FACTOR", defaultValue = "1",
            description = "Multiply the stages' sizes, object and operation counts, iterations and durations by FACTOR (e.g. 0.01 for a quick trial run); workers, rates and timeouts stay. Durations stay at least 500ms, counts at least 1. Values given with --set are not scaled; the run's header, plan and summary.json list what changed (default: 1, the workload as written).")
    double scale = 1;

    /** Set by {@code run --embedded}: the workload's endpoints will be replaced, so their variables may be unset. */
    boolean endpointsReplaced;

    Workload load() throws WorkloadException {
        return load(io.s3workload.workload.Shard.WHOLE);
    }

    /** The workload, scaled, selected, and shared out to {@code shard}. */
    Workload load(io.s3workload.workload.Shard shard) throws WorkloadException {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new WorkloadException(List.of(new io.s3workload.workload.yaml.Problem(
                    io.s3workload.workload.yaml.Location.of("--scale " + scale), "",
                    "expected a number above 0, e.g. 0.01")));
        }
        return new WorkloadLoader(System.getenv(), sets, Optional.ofNullable(bucket), Optional.ofNullable(endpoint))
                .scaled(scale).selecting(only, skip).sharded(shard).endpointsReplaced(endpointsReplaced).load(file);
    }
}
