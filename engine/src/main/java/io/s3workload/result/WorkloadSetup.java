package io.s3workload.result;

import io.s3workload.plan.CellPlan;
import io.s3workload.plan.Plan;
import io.s3workload.plan.StagePlan;
import io.s3workload.workload.LoadShape;
import io.s3workload.workload.endpoints.CredentialsSpec;
import io.s3workload.workload.endpoints.EndpointSpec;
import io.s3workload.workload.endpoints.ServerMetrics;
import io.s3workload.workload.endpoints.Urls;
import java.util.List;
import java.util.Locale;

/** The workload as compiled, for {@link Summary.Workload}: endpoints without their secrets, stages as planned. */
final class WorkloadSetup {

    private WorkloadSetup() {
    }

    static Summary.Workload of(Plan plan) {
        List<Summary.Endpoint> endpoints = plan.endpoints().values().stream().map(WorkloadSetup::endpoint).toList();
        List<Summary.StageSetup> stages = plan.stages().stream().map(WorkloadSetup::stage).toList();
        return new Summary.Workload(plan.name(), plan.source(), plan.bucket(), plan.prefix(), plan.keep(), endpoints,
                stages, plan.scaled().scaled() ? new Summary.Scale(plan.scaled().factor(), plan.scaled().changes())
                : null);
    }

    private static Summary.Endpoint endpoint(EndpointSpec e) {
        return new Summary.Endpoint(e.name(), Urls.printable(e.url().toString()), e.region(), e.pathStyle(),
                e.compat().name().toLowerCase(Locale.ROOT), switch (e.credentials()) {
                    case CredentialsSpec.Static s -> "static keys";
                    case CredentialsSpec.Profile p -> "profile " + p.name();
                    case CredentialsSpec.DefaultChain d -> "AWS default chain";
                }, e.serverMetrics().map(ServerMetrics::describe).orElse(null));
    }

    private static Summary.StageSetup stage(StagePlan stage) {
        LoadShape load = stage.spec().common().load();
        Summary.Load pacing = new Summary.Load(load.openLoop(),
                load.ratePerSecond().isPresent() ? load.ratePerSecond().getAsDouble() : null,
                load.ramp().stream().map(s -> new Summary.RampStep(s.to(), s.over().toNanos() / 1e9)).toList(),
                load.thinkTime().map(t -> new Summary.ThinkTime(t.min().toNanos() / 1e9, t.max().toNanos() / 1e9))
                        .orElse(null));
        return new Summary.StageSetup(stage.index(), stage.name(), stage.kind().key(), stage.endpoint(),
                new Summary.Parallelism(stage.concurrency(), stage.workers(), stage.connections()),
                stage.roles().writers(),
                stage.roles().readEndpoints(), stage.from().orElse(null), pacing,
                stage.cells().stream().map(WorkloadSetup::cell).toList(), StageSettings.of(stage));
    }

    private static Summary.CellSetup cell(CellPlan cell) {
        return new Summary.CellSetup(cell.size().label(), cell.operations().isPresent() ? cell.operations().getAsLong()
                : null, cell.keys().isPresent() ? cell.keys().getAsLong() : null,
                cell.duration().map(d -> d.toNanos() / 1e9).orElse(null));
    }
}
