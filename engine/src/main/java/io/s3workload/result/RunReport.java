package io.s3workload.result;

import io.s3workload.metrics.CellKey;
import io.s3workload.metrics.Snapshot;
import io.s3workload.workload.endpoints.Urls;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A finished run as the file reports show it: figures and names only, no plan, no clients. Made from a live
 * {@link RunResult}, or read back from a results directory, so that {@code s3workload report} rebuilds exactly the
 * files the run wrote.
 *
 * @param endpointUrls   the endpoints the stages used, by name, without user info or query
 * @param shardTimelines for a merged run: per cell ({@link #cellId}) each shard's per-second series, by shard
 *                       index; empty otherwise
 */
public record RunReport(About about, String runId, Instant startedAt, long wallNanos, long seed, int exitCode,
                        boolean interrupted, Map<String, String> endpointUrls, List<StageReport> stages,
                        List<Breach> breaches, CleanupResult cleanup,
                        Map<String, Map<Integer, List<Snapshot>>> shardTimelines) {

    /**
     * What the figures are of and where they came from: the tool, JVM and host that measured them and the workload
     * as planned.
     *
     * @param prefix every key the run wrote starts with it
     * @param shard  a shard's own run: which of how many; null otherwise
     * @param shards a merged run: the shards merged and those left out; empty otherwise
     * @param serverInProcess the S3 server ran in the measuring process (--embedded): its CPU figures are the
     *                        client's and the server's
     * @param startAt the time the run was told to begin at ({@code --start-at}), or null
     * @param startSpreadSeconds of a merged run: how far apart its shards began (the last's begin less the first's)
     * @param slice   of the figures {@code s3workload analyze} cut from an ops log: what it read and how it cut
     *                them; null otherwise
     */
    public record About(Summary.Tool tool, Summary.Jvm jvm, Summary.Host host, Summary.Workload workload,
                        String prefix, Summary.Shard shard, List<Summary.ShardStatus> shards,
                        boolean serverInProcess, String startAt, Double startSpreadSeconds, String slice) {

        public About {
            shards = List.copyOf(shards);
        }

        /** The same, for the run merged from shards that began {@code startSpreadSeconds} apart. */
        public About merged(String prefix, List<Summary.ShardStatus> shards, Double startSpreadSeconds) {
            return new About(tool, jvm, host, workload, prefix, null, shards, serverInProcess, startAt,
                    startSpreadSeconds, slice);
        }
    }

    public RunReport {
        endpointUrls = Collections.unmodifiableMap(new LinkedHashMap<>(endpointUrls));
        stages = List.copyOf(stages);
        breaches = List.copyOf(breaches);
        shardTimelines = Collections.unmodifiableMap(new LinkedHashMap<>(shardTimelines));
    }

    public static RunReport of(RunResult result) {
        Map<String, String> urls = new LinkedHashMap<>();
        result.info().endpointUrls().forEach((name, url) -> urls.put(name, Urls.printable(url)));
        RunInfo info = result.info();
        About about = new About(Provenance.tool(), Provenance.jvm(), Provenance.host(), WorkloadSetup.of(info.plan()),
                info.runPrefix(), info.shard().map(s -> new Summary.Shard(s.index(), s.count())).orElse(null),
                List.of(), info.serverInProcess(), info.startAt().map(Instant::toString).orElse(null), null, null);
        return new RunReport(about, info.runId(), info.startedAt(), result.wallNanos(), info.seed(),
                result.exitCode(), result.interrupted(), urls, result.stages().stream().map(StageReport::of).toList(),
                result.breaches(), result.cleanup(), Map.of());
    }

    /** The workload's name. */
    public String workload() {
        return about.workload().name();
    }

    public String bucket() {
        return about.workload().bucket();
    }

    /** The shards' series of {@code cell}, by shard index; empty unless merged. */
    public Map<Integer, List<Snapshot>> shardTimelines(CellKey cell) {
        return shardTimelines.getOrDefault(cellId(cell), Map.of());
    }

    /** A cell's identity across runs and shards: stage, op, endpoint and size label, tab-separated. */
    public static String cellId(CellKey cell) {
        return cell.stage() + "\t" + cell.op() + "\t" + cell.endpoint() + "\t"
                + (cell.op().sized() ? cell.size().label() : "");
    }

    /** Whether any stage has a {@code failOn} threshold. */
    public boolean hasThresholds() {
        return stages.stream().anyMatch(StageReport::hasThresholds);
    }

    /** The stage as planned, by name, if the workload has it. */
    public Optional<Summary.StageSetup> setup(String stage) {
        return about.workload().stages().stream().filter(s -> s.name().equals(stage)).findFirst();
    }
}
