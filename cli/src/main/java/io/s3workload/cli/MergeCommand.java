package io.s3workload.cli;

import io.s3workload.cli.terminal.ExitCodes;
import io.s3workload.cli.terminal.VersionProvider;
import io.s3workload.ground.Units;
import io.s3workload.opslog.OpsMerge;
import io.s3workload.report.console.ShardSpread;
import io.s3workload.report.finished.ResultsMerge;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code s3workload merge DIR...}: a sharded run's results as one run. */
@Command(name = "merge", header = "Merge the results of a run's shards into the results of one run.",
        mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Reads each shard's results directory (written with --report json,hdr) and writes one "
                + "merged results directory: summary.json, HdrHistogram logs, report.html (with a throughput line "
                + "per shard, up to 16 shards) and the CSV files, as one process running the whole workload would "
                + "have. Counts are summed, histograms added exactly from the shards' hdr logs, per-second series "
                + "aligned on the wall clock. Shards that kept an ops log (--report ops) give one ops.csv.zst, its rows"
                + " in the order the operations ended.", "",
            "  s3workload merge results/<run-id>/shard-*",
            "", "A shard whose directory has no summary.json did not finish: it is reported as partial (with what its"
                + " hdr logs hold) and left out of the figures; so is a shard the others' count says is missing.",
            "A shard stopped before its end (Ctrl-C, SIGTERM, scancel) is merged as far as it ran and named as"
                + " stopped. A shard given twice, or a shard of another run, is refused.",
            "Each shard's begin is listed against the start time it was given (--start-at), and how far apart the"
                + " shards began, with a warning beyond 1 s: shards that did not run together do not add up to a"
                + " fleet's load. Shards are read one at a time: memory does not grow with their number.",
            "Exit codes: 0 every shard merged whole; 1 merged, but some shard is stopped, partial or missing; 2 nothing"
                + " to merge, or shards that do not belong together."})
final class MergeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "The shards' results directories.")
    List<Path> directories;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the merged results go (default: merged/ next to the first shard's directory).")
    Path out;

    @Override
    public Integer call() {
        ResultsMerge.Merged merged;
        try {
            merged = ResultsMerge.merge(directories);
        } catch (IOException e) {
            System.err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        Path target = out != null ? out : directories.get(0).toAbsolutePath().normalize().resolveSibling("merged");
        System.out.println("Run " + merged.report().runId() + " of workload " + merged.report().workload() + ":");
        for (ResultsMerge.ShardResult shard : merged.shards()) {
            System.out.println("  shard " + shard.index() + "  " + shard.status().name().toLowerCase(Locale.ROOT) + "  "
                    + Units.count(shard.operations(), "operation") + shard.began().map(b -> "  began "
                    + b.truncatedTo(ChronoUnit.MILLIS)).orElse("")
                    + shard.late().map(l -> " (" + signedSeconds(l) + " s from the start time)").orElse("")
                    + (shard.directory() == null ? "" : "  " + shard.directory())
                    + (shard.detail().isEmpty() ? "" : "\n      " + shard.detail()));
        }
        System.out.println(ShardSpread.sentence(merged.startSpread()));
        System.out.println();
        System.out.print(ResultsMerge.table(merged));
        Optional<OpsMerge.Merged> ops;
        try {
            ResultsMerge.write(merged, target);
            ops = ResultsMerge.writeOpsLog(merged, target);
        } catch (IOException e) {
            System.err.println("error: cannot write " + target + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        System.out.println();
        ops.ifPresent(o -> System.out.println("Ops log: " + Units.count(o.rows(), "row") + " from the shards'"
                + " ops.csv.zst, in the order they ended" + (o.outOfOrder() == 0 ? "" : " (" + o.outOfOrder()
                + " written up to " + o.mostBehindUs() / 1000 + " ms after a later one)")
                + o.cut().stream().map(c -> "; " + c).collect(Collectors.joining())));
        System.out.println("Merged results: " + target.toAbsolutePath());
        if (merged.shards().stream().anyMatch(s -> !s.status().merged())) {
            System.out.println("PARTIAL: not every shard finished; the figures above leave the partial and missing"
                    + " ones out.");
        }
        List<Integer> stopped = merged.shards().stream()
                .filter(s -> s.status() == ResultsMerge.Status.STOPPED).map(ResultsMerge.ShardResult::index).toList();
        if (!stopped.isEmpty()) {
            System.out.println("STOPPED: shard" + (stopped.size() == 1 ? " " : "s ") + stopped.stream()
                    .map(String::valueOf).collect(Collectors.joining(", ")) + " stopped before"
                    + " the end; the figures above hold what " + (stopped.size() == 1 ? "it" : "they") + " did.");
        }
        if (merged.partial()) {
            return ExitCodes.THRESHOLD;
        }
        return ExitCodes.OK;
    }

    private static String signedSeconds(Duration d) {
        return String.format(Locale.ROOT, "%+.3f", d.toNanos() / 1e9);
    }
}
