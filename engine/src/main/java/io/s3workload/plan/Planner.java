package io.s3workload.plan;

import io.s3workload.workload.ClientSpec;
import io.s3workload.workload.ConnectivityStage;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.ListAfterWriteStage;
import io.s3workload.workload.MixStage;
import io.s3workload.workload.TranscodeStage;
import io.s3workload.workload.ReadAfterWriteStage;
import io.s3workload.workload.DataSize;
import io.s3workload.workload.DeleteStage;
import io.s3workload.workload.Defaults;
import io.s3workload.workload.GetStage;
import io.s3workload.workload.HeadStage;
import io.s3workload.workload.ListStage;
import io.s3workload.workload.Multipart;
import io.s3workload.workload.PutStage;
import io.s3workload.workload.RangeReadStage;
import io.s3workload.workload.SizeSpec;
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
        int concurrency = spec instanceof TranscodeStage transcode ? transcode.jobs()
                : spec.common().concurrency().orElse(spec.kind().probe() ? 1
                : w.defaults().concurrency().orElse(Defaults.CONCURRENCY));
        List<String> all = w.endpoints().isEmpty() ? List.of(Plan.EMBEDDED) : List.copyOf(w.endpoints().keySet());
        var failOn = w.failOn().overriddenBy(spec.common().failOn());
        ClientSpec client = ClientSpec.DEFAULT.overriddenBy(w.defaults().client()).overriddenBy(spec.common().client());
        Shape shape = switch (spec) {
            case PutStage put -> new Shape(putCells(put.sizes(), put.stop()), Optional.empty(), OptionalLong.empty(),
                    fanOut(put.multipart(), put.sizes()));
            case GetStage get when get.from().isPresent() -> {
                List<CellPlan> source = earlier.get(get.from().get()).cells();
                yield new Shape(readCells(source, get.stop()), get.from(), OptionalLong.empty(),
                        Math.max(1, maxRanges(get, source)));
            }
            case GetStage get -> {
                long seeded = get.stop().objects().orElse(GetStage.DEFAULT_SEED_OBJECTS);
                List<CellPlan> seededCells = get.sizes().stream().map(size -> new CellPlan(size,
                        OptionalLong.of(seeded), OptionalLong.of(seeded), Optional.empty())).toList();
                yield new Shape(readCells(seededCells, get.stop()), Optional.empty(), OptionalLong.of(seeded),
                        Math.max(maxRanges(get, seededCells), fanOut(get.multipart(), get.sizes())));
            }
            case DeleteStage delete -> new Shape(eachKeyOnce(earlier.get(delete.from()).cells()),
                    Optional.of(delete.from()), OptionalLong.empty(), 1);
            case HeadStage head -> new Shape(readCells(earlier.get(head.from()).cells(), head.stop()),
                    Optional.of(head.from()), OptionalLong.empty(), 1);
            case ListStage list -> new Shape(List.of(new CellPlan(SizeSpec.of(DataSize.ofBytes(0)),
                    list.stop().operations().isPresent() ? list.stop().operations()
                            : list.stop().duration().isPresent() ? OptionalLong.empty() : OptionalLong.of(1),
                    OptionalLong.empty(), list.stop().duration())), list.from(), OptionalLong.empty(), 1);
            case ConnectivityStage check -> {
                List<String> targets = !check.endpoints().isEmpty() ? check.endpoints()
                        : spec.common().endpoint().isPresent() ? List.of(endpoint) : all;
                yield new Shape(List.of(new CellPlan(SizeSpec.of(DataSize.ofBytes(0)),
                        OptionalLong.of((long) check.attempts() * targets.size()), OptionalLong.empty(),
                        Optional.empty())), Optional.empty(), OptionalLong.empty(), 1,
                        new StagePlan.Roles(List.of(), targets));
            }
            case MixStage mix -> new Shape(List.of(new CellPlan(mix.size(), mix.stop().operations(),
                    OptionalLong.of(mix.objects()), mix.stop().duration())), Optional.empty(),
                    OptionalLong.of(mix.objects()), 1);
            case TranscodeStage transcode -> new Shape(List.of(new CellPlan(SizeSpec.of(transcode.chunk()),
                    OptionalLong.empty(), OptionalLong.of(transcode.sources().count()),
                    Optional.of(transcode.duration()))), Optional.empty(), OptionalLong.empty(),
                    Math.max(transcode.readers().isEmpty() ? 1 : transcode.readers().size(),
                            transcode.multipart().applies(transcode.sources().size().bytes())
                                    ? transcode.multipart().parallel() : 1),
                    new StagePlan.Roles(List.of(endpoint), transcode.readers().isEmpty() ? List.of(endpoint)
                            : transcode.readers()));
            case ReadAfterWriteStage raw -> probeShape(raw.probe(), 1, endpoint, all);
            case ListAfterWriteStage law -> probeShape(law.probe(), law.objects(), endpoint, all);
            case RangeReadStage read -> new Shape(List.of(new CellPlan(SizeSpec.of(read.chunk()),
                    read.stop().operations(), OptionalLong.of(read.sources().count()), read.stop().duration())),
                    Optional.empty(), OptionalLong.empty(), read.multipart().applies(read.sources().size().bytes())
                            ? read.multipart().parallel() : 1);
        };
        return new StagePlan(index, spec, shape.roles().map(r -> r.writers().isEmpty() ? r.readers().get(0)
                : r.writers().get(0)).orElse(endpoint), concurrency, shape.cells(), shape.from(), shape.seedObjects(),
                failOn, client, client.connections().orElse(spec.common().load().workers(concurrency) * shape.fanOut()),
                shape.roles().orElse(StagePlan.Roles.of(endpoint)));
    }

    /**
     * What differs by kind: the cells, the source stage, the seeding, requests in flight per worker, and the
     * endpoints written and read (empty: the stage's endpoint for both).
     */
    private record Shape(List<CellPlan> cells, Optional<String> from, OptionalLong seedObjects, int fanOut,
                         Optional<StagePlan.Roles> roles) {

        Shape(List<CellPlan> cells, Optional<String> from, OptionalLong seedObjects, int fanOut) {
            this(cells, from, seedObjects, fanOut, Optional.empty());
        }

        Shape(List<CellPlan> cells, Optional<String> from, OptionalLong seedObjects, int fanOut,
              StagePlan.Roles roles) {
            this(cells, from, seedObjects, fanOut, Optional.of(roles));
        }
    }

    /**
     * A consistency probe: one cell counting its writes (each writer, each iteration, {@code objects} keys; pair by
     * pair, each reader gets writes of its own); readers polled together, or a batch of keys written at once.
     */
    private static Shape probeShape(ConsistencyProbe probe, int objects, String endpoint, List<String> all) {
        List<String> writers = probe.writers().isEmpty() ? List.of(endpoint) : probe.writers();
        List<String> readers = probe.readers().isEmpty() ? all : probe.readers();
        long writes = (long) probe.iterations() * writers.size() * objects
                * (probe.pairs() == ConsistencyProbe.PairOrder.SEQUENTIAL ? readers.size() : 1);
        int fanOut = Math.max(objects, probe.pairs() == ConsistencyProbe.PairOrder.PARALLEL
                ? writers.size() * readers.size() : 1);
        return new Shape(List.of(new CellPlan(SizeSpec.of(probe.size()), OptionalLong.of(writes),
                OptionalLong.of(writes), Optional.empty())), Optional.empty(), OptionalLong.empty(), fanOut,
                new StagePlan.Roles(writers, readers));
    }

    /**
     * Puts: {@code objects} alone writes each key once; {@code operations} alone writes that many new keys; both
     * write round-robin over the keys; a duration alone writes a new key per operation until it ends.
     */
    private static List<CellPlan> putCells(List<SizeSpec> sizes, Stop stop) {
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

    private static List<CellPlan> eachKeyOnce(List<CellPlan> source) {
        return source.stream().map(c -> new CellPlan(c.size(), c.keys(), c.keys(), Optional.empty())).toList();
    }

    private static int fanOut(Multipart multipart, List<SizeSpec> sizes) {
        return sizes.stream().anyMatch(s -> multipart.applies(s.maxBytes())) ? multipart.parallel() : 1;
    }

    private static int maxRanges(GetStage get, List<CellPlan> cells) {
        return cells.stream().anyMatch(c -> get.ranges().applies(c.size().maxBytes())) ? get.ranges().parallel() : 1;
    }
}
