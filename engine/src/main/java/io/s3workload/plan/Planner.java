package io.s3workload.plan;

import io.s3workload.workload.DataSize;
import io.s3workload.workload.DeleteStage;
import io.s3workload.workload.Defaults;
import io.s3workload.workload.GetStage;
import io.s3workload.workload.PutStage;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Compiles a validated {@link Workload} into a {@link Plan}. A pure function: no I/O, no clock, no randomness. */
public final class Planner {

    private Planner() {
    }

    public static Plan plan(Workload workload) {
        Map<String, StagePlan> planned = new HashMap<>();
        List<StagePlan> stages = new ArrayList<>();
        for (StageSpec spec : workload.stages()) {
            StagePlan stage = plan(workload, spec, stages.size(), planned);
            planned.put(stage.name(), stage);
            stages.add(stage);
        }
        return new Plan(workload.name(), workload.source(), workload.bucket(), workload.prefix(),
                workload.createBucket(), workload.keep(), workload.seed(), workload.endpoints(), stages);
    }

    private static StagePlan plan(Workload w, StageSpec spec, int index, Map<String, StagePlan> earlier) {
        String endpoint = spec.common().endpoint()
                .or(() -> w.defaults().endpoint())
                .orElseGet(() -> w.endpoints().isEmpty() ? Plan.EMBEDDED : w.endpoints().keySet().iterator().next());
        int concurrency = spec.common().concurrency().orElse(w.defaults().concurrency().orElse(Defaults.CONCURRENCY));
        var failOn = w.failOn().overriddenBy(spec.common().failOn());
        return switch (spec) {
            case PutStage put -> new StagePlan(index, put.name(), put.kind(), endpoint, concurrency,
                    putCells(put.sizes(), put.stop()), Optional.empty(), OptionalLong.empty(), failOn);
            case GetStage get when get.from().isPresent() -> new StagePlan(index, get.name(), get.kind(), endpoint,
                    concurrency, readCells(earlier.get(get.from().get()).cells(), get.stop()), get.from(),
                    OptionalLong.empty(), failOn);
            case GetStage get -> {
                long seeded = get.stop().objects().orElse(GetStage.DEFAULT_SEED_OBJECTS);
                List<CellPlan> seededCells = get.sizes().stream().map(size -> new CellPlan(size,
                        OptionalLong.of(seeded), OptionalLong.of(seeded), Optional.empty())).toList();
                yield new StagePlan(index, get.name(), get.kind(), endpoint, concurrency,
                        readCells(seededCells, get.stop()), Optional.empty(), OptionalLong.of(seeded), failOn);
            }
            case DeleteStage delete -> new StagePlan(index, delete.name(), delete.kind(), endpoint, concurrency,
                    earlier.get(delete.from()).cells().stream().map(c -> new CellPlan(c.size(), c.keys(), c.keys(),
                            Optional.empty())).toList(), Optional.of(delete.from()), OptionalLong.empty(), failOn);
        };
    }

    /**
     * Puts: {@code objects} alone writes each key once; {@code operations} alone writes that many new keys; both
     * write round-robin over the keys; a duration alone writes a new key per operation until it ends.
     */
    private static List<CellPlan> putCells(List<DataSize> sizes, Stop stop) {
        OptionalLong operations = stop.operations().isPresent() ? stop.operations()
                : stop.duration().isEmpty() ? stop.objects() : OptionalLong.empty();
        OptionalLong keys = stop.objects().isPresent() ? stop.objects() : stop.operations();
        return sizes.stream().map(size -> new CellPlan(size, operations, keys, stop.duration())).toList();
    }

    /** Reads over a source's keys: {@code operations} or {@code duration}, else each key once. */
    private static List<CellPlan> readCells(List<CellPlan> source, Stop stop) {
        return source.stream().map(c -> {
            OptionalLong operations = stop.operations().isPresent() ? stop.operations()
                    : stop.duration().isEmpty() ? c.keys() : OptionalLong.empty();
            return new CellPlan(c.size(), operations, c.keys(), stop.duration());
        }).toList();
    }
}
