package io.s3workload.plan;

import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.LoadEndpoints;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageGraph;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.Workload;
import io.s3workload.workload.composite.CompareStage;
import io.s3workload.workload.composite.GroupStage;
import io.s3workload.workload.composite.LoopsStage;
import io.s3workload.workload.composite.SweepPoint;
import io.s3workload.workload.composite.SweepStage;
import io.s3workload.workload.endpoints.ClientSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Compiles a validated {@link Workload} into a {@link Plan}. A pure function: no I/O, no clock, no randomness. */
public final class Planner {

    /** Workers uploading a sweep's working set for a size. */
    private static final int SWEEP_UPLOAD_WORKERS = 32;

    private Planner() {
    }

    public static Plan plan(Workload workload) {
        Map<String, StagePlan> planned = new HashMap<>();
        Map<String, List<Integer>> ends = new HashMap<>();
        List<StagePlan> stages = new ArrayList<>();
        List<StageSpec> specs = workload.stages();
        List<List<Integer>> needs = StageGraph.needs(specs.stream().map(StageSpec::name).toList(),
                specs.stream().map(s -> s.common().graph()).toList());
        for (int position : StageGraph.order(needs)) {
            StageSpec spec = specs.get(position);
            var graph = spec.common().graph();
            OptionalInt with = graph.with().map(n -> OptionalInt.of(ends.get(n).get(0))).orElse(OptionalInt.empty());
            List<Integer> after = with.isPresent() ? List.of() : needs.get(position).stream()
                    .flatMap(n -> ends.getOrDefault(specs.get(n).name(), List.of()).stream()).distinct().toList();
            Entry entry = new Entry(after, with);
            List<Integer> mine = switch (spec) {
                case SweepStage sweep -> sweep(workload, sweep, stages, planned, entry);
                case CompareStage compare -> compare(workload, compare, stages, planned, entry);
                case LoopsStage loops -> loops(workload, loops, stages, planned, entry);
                case GroupStage group -> group(workload, group, stages, planned, entry);
                default -> List.of(add(workload, spec, new Naming(spec.name(), Optional.empty(), Optional.empty()),
                        entry, stages, planned));
            };
            ends.put(spec.name(), mine);
        }
        return new Plan(workload.name(), workload.source(), workload.place(), workload.seed(), workload.endpoints(),
                stages, workload.sections(), workload.scaled(), workload.slowest());
    }

    /**
     * A planned stage's name, and for members of a composite stage the endpoint it is pinned to and its place in
     * the composite.
     */
    private record Naming(String name, Optional<String> endpoint, Optional<StageGroup> group) {
    }

    /** Where a stage (or a composite's first member) enters the graph: what it waits for, or what it shadows. */
    private record Entry(List<Integer> after, OptionalInt with) {

        /** A member that follows {@code previous}. */
        static Entry after(int previous) {
            return new Entry(List.of(previous), OptionalInt.empty());
        }
    }

    /**
     * Per size: for GETs an upload of the working set, then a stage per thread count reading it; for PUTs a
     * stage per thread count writing new objects. The members run one after another.
     */
    private static List<Integer> sweep(Workload w, SweepStage sweep, List<StagePlan> stages,
                                       Map<String, StagePlan> scope, Entry entry) {
        int most = sweep.threads().stream().mapToInt(Integer::intValue).max().orElse(1);
        Entry next = entry;
        // members are named by size as a person reads it (a scaled 1.6 MiB, not 1677312B), exact where that is not
        // unique among the sweep's sizes
        List<String> readable = sweep.sizes().stream().map(s -> s.toString().replace(" ", "")).toList();
        boolean unique = new HashSet<>(readable).size() == readable.size();
        for (SizeSpec size : sweep.sizes()) {
            String base = sweep.name() + "." + (unique ? size.toString().replace(" ", "") : size.label());
            Optional<String> source = Optional.empty();
            if (sweep.measure() == SweepStage.Measure.GET) {
                String upload = base + ".upload";
                StageSpec put = SweepPoint.of(StageKind.PUT).point(member(sweep.common(), upload,
                        Math.min(most, SWEEP_UPLOAD_WORKERS)), size, new Stop(Optional.empty(), OptionalLong.empty(),
                        OptionalLong.of(sweep.objects())), Optional.empty());
                next = Entry.after(add(w, put, new Naming(upload, Optional.empty(), Optional.of(StageGroup.sweep(
                        sweep.name(), size, OptionalInt.empty(), true))), next, stages, scope));
                source = Optional.of(upload);
            }
            for (int threads : sweep.threads()) {
                String name = base + ".t" + threads;
                StageCommon common = member(sweep.common(), name, threads);
                StageSpec point = SweepPoint.of(sweep.measure().kind()).point(common, size, sweep.point(), source);
                next = Entry.after(add(w, point, new Naming(name, Optional.empty(), Optional.of(StageGroup.sweep(
                        sweep.name(), size, OptionalInt.of(threads), false))), next, stages, scope));
            }
        }
        return next.after();
    }

    /** The inner stage once per endpoint and round: endpoint by endpoint, or round by round when interleaved. */
    private static List<Integer> compare(Workload w, CompareStage compare, List<StagePlan> stages,
                                         Map<String, StagePlan> scope, Entry entry) {
        boolean interleaved = compare.order() == CompareStage.Order.INTERLEAVED;
        int outer = interleaved ? compare.rounds() : compare.endpoints().size();
        int inner = interleaved ? compare.endpoints().size() : compare.rounds();
        Entry next = entry;
        for (int i = 0; i < outer; i++) {
            for (int j = 0; j < inner; j++) {
                String endpoint = compare.endpoints().get(interleaved ? j : i);
                int round = (interleaved ? i : j) + 1;
                String name = compare.name() + "." + endpoint + (compare.rounds() > 1 ? "." + round : "");
                StagePlan stage = plan(w, compare.stage(), stages.size(), scope, new Naming(name,
                        Optional.of(endpoint), Optional.of(StageGroup.compare(compare.name(), endpoint, round))), next);
                stages.add(stage);
                next = Entry.after(stage.index());
            }
        }
        return next.after();
    }

    /** The inner stages {@code count} times; inside a loop, names resolve to that loop's stages first. */
    private static List<Integer> loops(Workload w, LoopsStage loops, List<StagePlan> stages,
                                       Map<String, StagePlan> scope, Entry entry) {
        Entry next = entry;
        for (int loop = 1; loop <= loops.count(); loop++) {
            Map<String, StagePlan> inLoop = new HashMap<>(scope);
            for (StageSpec spec : loops.stages()) {
                StagePlan stage = plan(w, spec, stages.size(), inLoop, new Naming(loops.name() + "." + loop + "."
                        + spec.name(), Optional.empty(), Optional.of(StageGroup.loop(loops.name(), loop))), next);
                inLoop.put(spec.name(), stage);
                stages.add(stage);
                next = Entry.after(stage.index());
            }
        }
        return next.after();
    }

    /** Every member enters where the group does; the group ends when all of them have. */
    private static List<Integer> group(Workload w, GroupStage group, List<StagePlan> stages,
                                       Map<String, StagePlan> scope, Entry entry) {
        List<Integer> ends = new ArrayList<>();
        for (StageSpec spec : group.stages()) {
            ends.add(add(w, spec, new Naming(group.name() + "." + spec.name(), Optional.empty(), Optional.of(
                    StageGroup.together(group.name()))), entry, stages, scope));
        }
        return ends;
    }

    private static int add(Workload w, StageSpec spec, Naming naming, Entry entry, List<StagePlan> stages,
                           Map<String, StagePlan> scope) {
        StagePlan stage = plan(w, spec, stages.size(), scope, naming, entry);
        scope.put(naming.name(), stage);
        if (!naming.name().equals(spec.name())) {
            scope.putIfAbsent(spec.name(), stage);
        }
        stages.add(stage);
        return stage.index();
    }

    /** The pool size written for the stage, else in the workload's defaults. */
    public static OptionalInt connections(Workload w, StageSpec spec) {
        OptionalInt written = spec.common().client().connections();
        return written.isPresent() ? written : w.defaults().client().connections();
    }

    /** A composite's member: the composite's settings under its own name and worker count. */
    private static StageCommon member(StageCommon composite, String name, int concurrency) {
        return new StageCommon(name, composite.endpoint(), OptionalInt.of(concurrency), composite.failOn(),
                composite.client(), composite.load(), composite.tags());
    }

    private static StagePlan plan(Workload w, StageSpec spec, int index, Map<String, StagePlan> earlier,
                                  Naming naming, Entry entry) {
        if (StageShape.of(spec.kind()) instanceof StageShape.Around around) {
            return around.plan(spec, plan(w, around.held(spec), index, earlier, naming, entry), w);
        }
        Optional<LoadEndpoints> spread = naming.endpoint().isPresent() ? Optional.empty() : spec.common().spread();
        String endpoint = naming.endpoint().or(() -> spec.common().endpoint())
                .or(() -> spread.map(s -> s.names().get(0)))
                .or(() -> w.defaults().endpoint())
                .orElseGet(() -> w.endpoints().isEmpty() ? Plan.EMBEDDED : w.endpoints().keySet().iterator().next());
        int concurrency = spec.ownWorkers().orElseGet(() -> spec.kind().workers().byDefault(w.defaults()));
        List<String> all = w.endpoints().isEmpty() ? List.of(Plan.EMBEDDED) : List.copyOf(w.endpoints().keySet());
        var failOn = w.failOn().overriddenBy(spec.common().failOn()).resolved();
        ClientSettings client = ClientSettings.DEFAULT.with(w.defaults().client()).with(spec.common().client());
        StageShape.Shape shape = StageShape.of(spec.kind()).of(spec, new StageShape.Place(earlier, endpoint, all));
        return new StagePlan(index, spec, shape.roles().flatMap(r -> r.writers().isEmpty()
                ? r.readers().stream().findFirst() : Optional.of(r.writers().get(0))).orElse(endpoint), concurrency, shape.cells(),
                new StagePlan.Source(shape.from().map(from -> earlier.get(from).name()), shape.seedObjects()),
                failOn, client, connections(w, spec).orElse(spec.common().load().workers(concurrency) * shape.fanOut()),
                shape.roles().orElse(spread.map(s -> new StagePlan.Roles(s.names(), s.names()))
                        .orElse(StagePlan.Roles.of(endpoint))),
                new StagePlan.Position(naming.name(), naming.group(), entry.after(), entry.with()),
                spec.writes().customerKey()
                        || shape.from().map(from -> earlier.get(from).customerKey()).orElse(false));
    }
}
