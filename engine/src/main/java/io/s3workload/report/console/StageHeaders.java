package io.s3workload.report.console;

import io.s3workload.ground.Durations;
import io.s3workload.ground.Units;
import io.s3workload.plan.Plan;
import io.s3workload.plan.StageGroup;
import io.s3workload.plan.StagePlan;
import io.s3workload.workload.LoadEndpoints;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.Proxies;
import java.util.List;

/** The console's stage headers: what a stage does, with how many workers at what pace, against which endpoint. */
public final class StageHeaders {

    private StageHeaders() {
    }

    /** {@code [2/3] get - get, 8 workers, endpoint embedded, objects of put} between rules. */
    static String started(StagePlan stage, int stageCount) {
        return ruled(position(stage, stageCount) + stage.name() + " - " + stage.kind() + ", "
                + StageText.of(stage.kind()).header(stage), RunSummary.RULE);
    }

    /** A load's header after its kind: its pacing, its endpoints, what it reads. */
    static String load(StagePlan stage) {
        return pacing(stage) + stage.spread().map(s -> ", endpoints " + String.join(", ", s.names())
                + " (" + (s.select() == LoadEndpoints.Select.ROUNDROBIN ? "in turn"
                : "at random") + " by worker)").orElse(", endpoint " + stage.endpoint())
                + stage.from().map(f -> ", objects of " + f).orElse("")
                + stage.spec().existing().map(p -> ", existing objects under " + p.prefix() + " (read only)")
                .orElse("");
    }

    /**
     * What the run's bodies are made of: {@code unique: every body distinct, nothing for a data-reducing store to
     * shrink}, or the stages that ask otherwise.
     */
    static String data(Plan plan) {
        List<String> shaped = plan.stages().stream().filter(s -> s.spec().bodies()
                .filter(d -> !d.unique()).isPresent()).map(s -> s.name() + ": " + s.spec().bodies().orElseThrow())
                .toList();
        String unique = "unique: every body distinct, nothing for a data-reducing store to shrink";
        return shaped.isEmpty() ? unique : String.join("; ", shaped) + "; any other stage's bodies " + unique;
    }

    /** A sweep's one header, before its first point. */
    static String sweep(StagePlan first, int stageCount) {
        StageGroup group = first.group().orElseThrow();
        return ruled(position(first, stageCount) + group.name() + " - sweep, endpoint " + first.endpoint()
                + " (stages " + group.name() + ".<size>.t<threads>)", RunSummary.RULE);
    }

    /** Over the results of a stage whose header is no longer the last one printed. */
    static String alongside(StagePlan stage, int stageCount) {
        return ruled(position(stage, stageCount) + stage.name() + " - results (it ran alongside other stages)",
                "-".repeat(RunSummary.RULE.length()));
    }

    private static String position(StagePlan stage, int stageCount) {
        return "[" + (stage.index() + 1) + "/" + stageCount + "] ";
    }

    private static String ruled(String line, String rule) {
        return "\n" + rule + "\n" + line + "\n" + rule + "\n";
    }

    /** {@code 8 workers}, {@code 1 -> 250 workers (ramp)}, {@code 1000.0/s open loop, 16 workers}. */
    static String pacing(StagePlan stage) {
        var load = stage.spec().common().load();
        if (load.openLoop()) {
            return Units.rate(load.ratePerSecond().getAsDouble()) + "/s open loop"
                    + (load.ramp().isEmpty() ? "" : " (ramped)") + ", " + Units.count(stage.concurrency(), "worker");
        }
        String think = load.thinkTime().map(t -> ", think " + Durations.format(t.min())
                + (t.max().equals(t.min()) ? "" : "-" + Durations.format(t.max()))).orElse("");
        return (load.ramp().isEmpty() ? Units.count(stage.concurrency(), "worker")
                : stage.concurrency() + " -> " + Units.count(stage.workers(), "worker") + " (ramp)") + think;
    }

    /** How the endpoint is reached, when not plainly: through a proxy, with a private CA, unverified. */
    public static String connection(EndpointSpec endpoint) {
        if (endpoint == null) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        endpoint.proxy().ifPresent(p -> text.append("  via proxy ").append(Proxies.shown(p)));
        endpoint.tls().caCert().ifPresent(ca -> text.append("  CA ").append(ca));
        if (endpoint.tls().insecure()) {
            text.append("  TLS NOT VERIFIED (tls.insecure)");
        }
        return text.toString();
    }
}
