package io.s3workload.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.s3workload.metrics.CellStats;
import io.s3workload.metrics.ConvergenceStats;
import io.s3workload.metrics.Snapshot;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.Plan;
import io.s3workload.plan.StagePlan;
import io.s3workload.run.Breach;
import io.s3workload.run.RunInfo;
import io.s3workload.run.RunResult;
import io.s3workload.workload.CredentialsSpec;
import io.s3workload.workload.EndpointSpec;
import io.s3workload.workload.LoadShape;
import io.s3workload.workload.Percentile;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * {@code summary.json}: every figure of the console report, the workload as compiled (endpoints without their
 * secrets), the tool version, the JVM, the host, and start and end times. Its shape is documented by
 * {@code docs/summary.schema.json}; {@code schemaVersion} changes when a field changes meaning or goes away.
 */
final class JsonReporter extends EndOfRunFiles {

    static final String FILE = "summary.json";
    static final int SCHEMA_VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final String toolVersion;

    JsonReporter(ResultsDirectory results, String toolVersion) {
        super(results);
        this.toolVersion = toolVersion;
    }

    @Override
    Map<String, String> files(RunResult result) {
        try {
            return Map.of(FILE, JSON.writeValueAsString(summary(result, toolVersion)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + FILE + ": " + e.getMessage(), e);
        }
    }

    static ObjectNode summary(RunResult result, String toolVersion) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.putObject("tool").put("name", "s3workload").put("version", toolVersion);
        root.putObject("jvm").put("name", System.getProperty("java.vm.name"))
                .put("version", Runtime.version().toString()).put("vendor", System.getProperty("java.vendor"));
        root.putObject("host").put("name", hostName()).put("os", System.getProperty("os.name") + " "
                        + System.getProperty("os.version")).put("arch", System.getProperty("os.arch"))
                .put("cpus", Runtime.getRuntime().availableProcessors());
        RunInfo info = result.info();
        Instant finished = info.startedAt().plusNanos(result.wallNanos());
        root.putObject("run").put("id", info.runId()).put("prefix", info.runPrefix()).put("seed", info.seed())
                .put("startedAt", info.startedAt().toString()).put("finishedAt", finished.toString())
                .put("wallSeconds", result.wallNanos() / 1e9).put("exitCode", result.exitCode())
                .put("interrupted", result.interrupted());
        info.shard().ifPresent(shard -> ((ObjectNode) root.get("run")).putObject("shard")
                .put("index", shard.index()).put("count", shard.count()));
        ObjectNode used = ((ObjectNode) root.get("run")).putObject("endpoints");
        RunReport report = RunReport.of(result);
        report.endpointUrls().forEach(used::put);
        root.set("workload", workload(info.plan()));
        ArrayNode stages = root.putArray("stages");
        report.stages().forEach(stage -> stages.add(stage(stage)));
        breachesAndCleanup(root, result.breaches(), result.cleanup());
        return root;
    }

    private static ObjectNode workload(Plan plan) {
        ObjectNode w = JSON.createObjectNode().put("name", plan.name()).put("source", plan.source())
                .put("bucket", plan.bucket()).put("prefix", plan.prefix()).put("keep", plan.keep());
        ArrayNode endpoints = w.putArray("endpoints");
        for (EndpointSpec e : plan.endpoints().values()) {
            endpoints.addObject().put("name", e.name()).put("url", io.s3workload.workload.Urls.printable(e.url().toString())).put("region", e.region())
                    .put("pathStyle", e.pathStyle()).put("compat", e.compat().name().toLowerCase())
                    .put("credentials", switch (e.credentials()) {
                        case CredentialsSpec.Static s -> "static keys";
                        case CredentialsSpec.Profile p -> "profile " + p.name();
                        case CredentialsSpec.DefaultChain d -> "AWS default chain";
                    });
        }
        ArrayNode stages = w.putArray("stages");
        for (StagePlan stage : plan.stages()) {
            ObjectNode s = stages.addObject().put("index", stage.index()).put("name", stage.name())
                    .put("kind", stage.kind().key()).put("endpoint", stage.endpoint())
                    .put("concurrency", stage.concurrency()).put("workers", stage.workers())
                    .put("connections", stage.connections());
            stage.roles().writers().forEach(s.putArray("writers")::add);
            stage.roles().readers().forEach(s.putArray("readers")::add);
            stage.from().ifPresent(f -> s.put("from", f));
            LoadShape load = stage.spec().common().load();
            ObjectNode pacing = s.putObject("load").put("openLoop", load.openLoop());
            load.ratePerSecond().ifPresent(r -> pacing.put("ratePerSecond", r));
            ArrayNode ramp = pacing.putArray("ramp");
            load.ramp().forEach(step -> ramp.addObject().put("to", step.to())
                    .put("overSeconds", step.over().toNanos() / 1e9));
            load.thinkTime().ifPresent(t -> pacing.putObject("thinkTime").put("minSeconds", t.min().toNanos() / 1e9)
                    .put("maxSeconds", t.max().toNanos() / 1e9));
            ArrayNode cells = s.putArray("cells");
            for (CellPlan cell : stage.cells()) {
                ObjectNode c = cells.addObject().put("size", cell.size().label());
                cell.operations().ifPresent(n -> c.put("operations", n));
                cell.keys().ifPresent(n -> c.put("keys", n));
                cell.duration().ifPresent(d -> c.put("durationSeconds", d.toNanos() / 1e9));
            }
            s.put("settings", stage.spec().toString());
        }
        return w;
    }

    /** The {@code breaches} and {@code cleanup} of a summary (a run's, or a merge's). */
    static void breachesAndCleanup(ObjectNode root, java.util.List<Breach> list, io.s3workload.run.CleanupResult result) {
        ArrayNode breaches = root.putArray("breaches");
        for (Breach b : list) {
            breaches.addObject().put("stage", b.stage()).put("cell", b.cell()).put("metric", b.metric())
                    .put("measured", b.measured()).put("limit", b.limit());
        }
        ObjectNode cleanup = root.putObject("cleanup").put("skipped", result.skipped())
                .put("removed", result.removed()).put("leftBehind", result.leftBehind().size())
                .put("exact", result.exact());
        result.manifest().ifPresent(m -> cleanup.put("manifest", m.toString()));
        ArrayNode errors = cleanup.putArray("errors");
        result.errors().forEach(errors::add);
    }

    static ObjectNode stage(StageReport stage) {
        ObjectNode s = JSON.createObjectNode().put("name", stage.name()).put("kind", stage.kind().key())
                .put("hasThresholds", stage.hasThresholds())
                .put("startSeconds", stage.startNanos() / 1e9)
                .put("endSeconds", (stage.startNanos() + stage.wallNanos()) / 1e9)
                .put("wallSeconds", stage.wallNanos() / 1e9).put("interrupted", stage.interrupted());
        stage.skipped().ifPresent(reason -> s.put("skipped", reason));
        ArrayNode cells = s.putArray("cells");
        for (CellStats c : stage.cells()) {
            ObjectNode cell = cells.addObject().put("op", c.key().op().name()).put("endpoint", c.key().endpoint());
            if (c.key().op().sized()) {
                cell.put("size", c.key().size().label());
            }
            cell.put("operations", c.operations()).put("errors", c.errors()).put("bytes", c.bytes())
                    .put("items", c.items()).put("seconds", c.seconds()).put("opsPerSecond", c.opsPerSecond())
                    .put("bytesPerSecond", c.bytesPerSecond()).put("gbps", c.bytesPerSecond() * 8 / 1e9);
            cell.put("retries", c.retries()).put("throttled", c.throttled());
            ObjectNode byClass = cell.putObject("errorsByClass");
            c.errorsByClass().forEach(byClass::put);
            ObjectNode examples = cell.putObject("errorExamples");
            c.examples().forEach((k, v) -> v.forEach(examples.withArray(k)::add));
            cell.set("latencyMs", stats(c.latency()));
            cell.set("ttfbMs", stats(c.ttfb()));
            if (c.openLoop()) {
                cell.set("uncorrectedLatencyMs", stats(c.uncorrected()));
                cell.put("lateStarts", c.late());
            }
            if (c.cpuNanos() >= 0) {
                cell.put("processCpuSeconds", c.cpuNanos() / 1e9);
            }
            if (c.allocatedBytes() >= 0) {
                cell.put("processAllocatedBytes", c.allocatedBytes());
            }
            ArrayNode timeline = cell.putArray("timeline");
            for (Snapshot snap : c.timeline()) {
                ObjectNode t = timeline.addObject().put("epochMs", snap.epochMillis())
                        .put("elapsedSeconds", snap.endNanos() / 1e9).put("intervalSeconds", snap.durationNanos() / 1e9)
                        .put("operations", snap.operations()).put("errors", snap.errors()).put("bytes", snap.bytes());
                if (snap.operations() > 0) {
                    ObjectNode lat = t.putObject("latencyMs");
                    for (Percentile p : Percentile.values()) {
                        lat.put(p.key(), snap.latency(p) / 1e6);
                    }
                }
            }
        }
        ArrayNode pairs = s.putArray("convergence");
        for (ConvergenceStats p : stage.convergence()) {
            ObjectNode pair = pairs.addObject().put("writer", p.writer()).put("reader", p.reader())
                    .put("scope", p.sameEndpoint() ? "same" : "cross").put("iterations", p.iterations())
                    .put("immediate", p.immediate()).put("eventual", p.eventual()).put("timedOut", p.timedOut())
                    .put("failed", p.failed()).put("stale", p.stale()).put("polls", p.polls())
                    .put("pollErrors", p.pollErrors()).put("immediatePercent", p.immediatePercent())
                    .put("eventualPercent", p.eventualPercent()).put("timeoutPercent", p.timeoutPercent());
            pair.set("convergenceMs", stats(p.convergence()));
        }
        return s;
    }

    /** {@code {"count": n, "avg": ..., "p50": ..., ...}} in milliseconds; only the count when empty. */
    private static ObjectNode stats(Histogram h) {
        ObjectNode o = JSON.createObjectNode().put("count", h.getTotalCount());
        if (h.getTotalCount() > 0) {
            for (Percentile p : Percentile.values()) {
                o.put(p.key(), Units.statNanos(h, p) / 1e6);
            }
        }
        return o;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
