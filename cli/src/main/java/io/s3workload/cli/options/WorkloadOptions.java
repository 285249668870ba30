package io.s3workload.cli.options;

import io.s3workload.ground.Shard;
import io.s3workload.workload.Workload;
import io.s3workload.workload.yaml.WorkloadException;
import io.s3workload.workload.yaml.WorkloadLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The workload file and the settings that say where it goes, shared by every command that reads a workload
 * ({@code cleanup} too); {@link StageOptions} adds the ones that choose and scale its stages.
 */
public class WorkloadOptions {

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

    /** Set by {@code run --embedded}: the workload's endpoints will be replaced, so their variables may be unset. */
    boolean endpointsReplaced;

    /** The workload file named on the command line. */
    public Path file() {
        return file;
    }

    /**
     * The workload's endpoints will be replaced ({@code run --embedded}, {@code plan}), so their variables may be
     * unset.
     */
    public void endpointsReplaced(boolean replaced) {
        endpointsReplaced = replaced;
    }

    public Workload load() throws WorkloadException {
        return load(Shard.WHOLE);
    }

    /** The workload as the options make it, shared out to {@code shard}. */
    public Workload load(Shard shard) throws WorkloadException {
        return loader().sharded(shard).endpointsReplaced(endpointsReplaced).load(file);
    }

    WorkloadLoader loader() throws WorkloadException {
        return new WorkloadLoader(System.getenv(), sets, Optional.ofNullable(bucket), Optional.ofNullable(endpoint));
    }
}
