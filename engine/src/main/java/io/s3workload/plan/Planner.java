package io.s3workload.plan;

import io.s3workload.workload.CapacityStage;
import io.s3workload.workload.ClientSettings;
import io.s3workload.workload.FailOn;
import io.s3workload.workload.CompareStage;
import io.s3workload.workload.GroupStage;
import io.s3workload.workload.ObjectsFrom;
import io.s3workload.workload.HttpGetStage;
import io.s3workload.workload.LoopsStage;
import io.s3workload.workload.ParallelRanges;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.SweepStage;
import io.s3workload.workload.ConnectivityStage;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.ListAfterWriteStage;
import io.s3workload.workload.MixStage;
import io.s3workload.workload.AppendStage;
import io.s3workload.workload.TranscodeStage;
import io.s3workload.workload.VersionsStage;
import io.s3workload.workload.ReadAfterWriteStage;
import io.s3workload.workload.DataSize;
import io.s3workload.workload.CopyStage;
import io.s3workload.workload.DeleteStage;
import io.s3workload.workload.GetStage;
import io.s3workload.workload.HeadStage;
import io.s3workload.workload.ListStage;
import io.s3workload.workload.LoadEndpoints;
import io.s3workload.workload.Multipart;
import io.s3workload.workload.PutStage;
import io.s3workload.workload.RangeReadStage;
import io.s3workload.workload.SizeSpec;
import io.s3workload.workload.StageGraph;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
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
        return new Plan(workload.name(), workload.source(), workload.bucket(), workload.prefix(),
                workload.createBucket(), workload.keep(), workload.seed(), workload.endpoints(), stages,
                workload.sections(), workload.scaled(), workload.slowest(), workload.buckets());
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
        boolean unique = new java.util.HashSet<>(readable).size() == readable.size();
        for (SizeSpec size : sweep.sizes()) {
            String base = sweep.name() + "." + (unique ? size.toString().replace(" ", "") : size.label());
            Optional<String> source = Optional.empty();
            if (sweep.measure() == SweepStage.Measure.GET) {
                String upload = base + ".upload";
                PutStage put = new PutStage(member(sweep.common(), upload, Math.min(most, SWEEP_UPLOAD_WORKERS)),
                        List.of(size), new Stop(Optional.empty(), OptionalLong.empty(),
                        OptionalLong.of(sweep.objects())), Multipart.DEFAULT);
                next = Entry.after(add(w, put, new Naming(upload, Optional.empty(), Optional.of(StageGroup.sweep(
                        sweep.name(), size, OptionalInt.empty(), true))), next, stages, scope));
                source = Optional.of(upload);
            }
            for (int threads : sweep.threads()) {
                String name = base + ".t" + threads;
                StageCommon common = member(sweep.common(), name, threads);
                StageSpec point = sweep.measure() == SweepStage.Measure.GET
                        ? new GetStage(common, source.map(ObjectsFrom.Stage::new), List.of(), sweep.point(), ParallelRanges.OFF, Multipart.DEFAULT,
                        false)
                        : new PutStage(common, List.of(size), sweep.point(), Multipart.DEFAULT);
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
    private static OptionalInt connections(Workload w, StageSpec spec) {
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
        if (spec instanceof CapacityStage capacity) {
            return capacity(w, capacity, index, earlier, naming, entry);
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
        Shape shape = switch (spec) {
            case PutStage put -> new Shape(putCells(put.sizes(), put.stop()), Optional.empty(), OptionalLong.empty(),
                    fanOut(put.multipart(), put.sizes()));
            case GetStage get when get.existing().isPresent() -> new Shape(existingCells(get.existing().get(),
                    get.stop()), Optional.empty(), OptionalLong.empty(), Math.max(1, get.ranges().parallel()));
            case GetStage get when get.readsFrom().isPresent() -> {
                List<CellPlan> source = earlier.get(get.readsFrom().get()).cells();
                yield new Shape(readCells(source, get.stop()), get.readsFrom(), OptionalLong.empty(),
                        Math.max(1, maxRanges(get, source)));
            }
            case GetStage get -> {
                long seeded = get.stop().objects().orElse(GetStage.DEFAULT_SEED_OBJECTS);
                List<CellPlan> seededCells = get.sizes().stream().map(size -> new CellPlan(size,
                        OptionalLong.of(seeded), OptionalLong.of(seeded), Optional.empty())).toList();
                yield new Shape(readCells(seededCells, get.stop()), Optional.empty(), OptionalLong.of(seeded),
                        Math.max(maxRanges(get, seededCells), fanOut(get.multipart(), get.sizes())));
            }
            case DeleteStage delete -> new Shape(earlier.get(delete.from()).cells().stream().map(c -> new CellPlan(
                    c.size(), c.keys().isPresent() ? OptionalLong.of(delete.operations(c.keys().getAsLong()))
                    : OptionalLong.empty(), c.keys(), Optional.empty())).toList(),
                    Optional.of(delete.from()), OptionalLong.empty(), 1);
            case HeadStage head -> new Shape(head.existing().isPresent()
                    ? existingCells(head.existing().get(), head.stop())
                    : readCells(earlier.get(head.readsFrom().get()).cells(), head.stop()), head.readsFrom(),
                    OptionalLong.empty(), 1);
            case VersionsStage versions -> new Shape(List.of(new CellPlan(versions.size(),
                    OptionalLong.of(versions.objects() * versions.versions()), OptionalLong.of(versions.objects()),
                    Optional.empty())), Optional.empty(), OptionalLong.empty(), 1);
            case CopyStage copy when copy.existing().isPresent() -> new Shape(copyCells(existingCells(
                    copy.existing().get(), copy.stop()), copy.stop()), Optional.empty(), OptionalLong.empty(),
                    copy.multipart().parallel());
            case CopyStage copy -> {
                List<CellPlan> source = earlier.get(copy.readsFrom().get()).cells();
                yield new Shape(copyCells(source, copy.stop()), copy.readsFrom(), OptionalLong.empty(),
                        fanOut(copy.multipart(), source.stream().map(CellPlan::size).toList()));
            }
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
            case AppendStage append -> new Shape(List.of(new CellPlan(append.append(), append.stop().operations(),
                    OptionalLong.of(append.objects()), append.stop().duration())), Optional.empty(),
                    OptionalLong.empty(), 1);
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
            case HttpGetStage http -> new Shape(List.of(new CellPlan(SizeSpec.of(DataSize.ofBytes(0)),
                    http.stop().operations(), OptionalLong.empty(), http.stop().duration())), http.from(),
                    OptionalLong.empty(), 0, http.from().isPresent() ? StagePlan.Roles.of(endpoint)
                    : new StagePlan.Roles(List.of(), List.of()));
            case CapacityStage capacity -> throw new IllegalStateException("planned as its load");
            case SweepStage sweep -> throw expanded(sweep);
            case CompareStage compare -> throw expanded(compare);
            case LoopsStage loops -> throw expanded(loops);
            case GroupStage group -> throw expanded(group);
            case ReadAfterWriteStage raw -> probeShape(raw.probe(), 1, endpoint, all);
            case ListAfterWriteStage law -> probeShape(law.probe(), law.objects(), endpoint, all);
            case RangeReadStage read -> new Shape(List.of(new CellPlan(read.chunk(), read.stop().operations(),
                    read.sources().map(s -> OptionalLong.of(s.count())).orElse(OptionalLong.empty()),
                    read.stop().duration())), Optional.empty(), OptionalLong.empty(), read.sources()
                    .filter(s -> read.multipart().applies(s.size().bytes())).isPresent() ? read.multipart().parallel()
                    : 1);
        };
        return new StagePlan(index, spec, shape.roles().flatMap(r -> r.writers().isEmpty()
                ? r.readers().stream().findFirst() : Optional.of(r.writers().get(0))).orElse(endpoint), concurrency, shape.cells(),
                shape.from().map(from -> earlier.get(from).name()), shape.seedObjects(), failOn, client,
                connections(w, spec).orElse(spec.common().load().workers(concurrency) * shape.fanOut()),
                shape.roles().orElse(spread.map(s -> new StagePlan.Roles(s.names(), s.names()))
                        .orElse(StagePlan.Roles.of(endpoint))), naming.name(), naming.group(), entry.after(),
                entry.with(), spec.writes().customerKey()
                        || shape.from().map(from -> earlier.get(from).customerKey()).orElse(false));
    }

    /**
     * A capacity search: planned as its load, with the load's one cell (the first size: a search answers for one)
     * held for {@code hold} at every step, and as many workers as the most operations it has in flight: its
     * concurrency, by default the workload's, or for a users search at least its most users.
     */
    private static StagePlan capacity(Workload w, CapacityStage capacity, int index, Map<String, StagePlan> earlier,
                                      Naming naming, Entry entry) {
        StagePlan load = plan(w, capacity.load(), index, earlier, naming, entry);
        var search = capacity.search();
        int workers = capacity.common().concurrency().orElseGet(() -> search.mode() == CapacityStage.Mode.USERS
                && search.max().isPresent() ? (int) search.max().getAsDouble()
                : Math.max(StageKind.CAPACITY.workers().byDefault(w.defaults()), search.mode()
                == CapacityStage.Mode.USERS ? (int) search.start() : 0));
        CellPlan first = load.cells().get(0);
        CellPlan step = new CellPlan(first.size(), OptionalLong.empty(), first.keys(), Optional.of(capacity.hold()));
        int perWorker = Math.max(1, load.connections() / Math.max(1, load.workers()));
        return new StagePlan(index, capacity, load.endpoint(), workers, List.of(step), load.from(), load.seedObjects(),
                FailOn.NONE, load.client(), connections(w, capacity.load()).orElse(workers * perWorker), load.roles(),
                load.name(), load.group(), load.after(), load.with(), load.customerKey());
    }

    private static IllegalStateException expanded(StageSpec composite) {
        return new IllegalStateException(composite.kind() + " stage '" + composite.name()
                + "' is expanded into its members, never planned itself (composites do not nest)");
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
        boolean self = probe.readers().contains(ConsistencyProbe.SELF);
        List<String> named = probe.readers().stream().filter(r -> !r.equals(ConsistencyProbe.SELF)).toList();
        StagePlan.Roles roles = new StagePlan.Roles(writers, named.isEmpty() && !self ? all : named, self);
        long writes = (long) probe.iterations() * objects
                * (probe.pairs() == ConsistencyProbe.PairOrder.SEQUENTIAL ? roles.pairCount() : writers.size());
        int fanOut = Math.max(objects, probe.pairs() == ConsistencyProbe.PairOrder.PARALLEL ? roles.pairCount() : 1);
        return new Shape(List.of(new CellPlan(SizeSpec.of(probe.size()), OptionalLong.of(writes),
                OptionalLong.of(writes), Optional.empty())), Optional.empty(), OptionalLong.empty(), fanOut, roles);
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

    /** A copy stage's cells: as a reader's, but every copy is a new key, so it writes as many keys as it copies. */
    private static List<CellPlan> copyCells(List<CellPlan> source, Stop stop) {
        return readCells(source, stop).stream().map(c -> new CellPlan(c.size(), c.operations(), c.operations(),
                c.duration())).toList();
    }

    /**
     * The one cell of a stage reading the existing objects under a prefix: their sizes and number are known only
     * once listed, so it reads each once unless a stop says otherwise.
     */
    private static List<CellPlan> existingCells(ObjectsFrom.Prefix prefix, Stop stop) {
        return readCells(List.of(new CellPlan(SizeSpec.Weighted.existing(prefix.prefix()), OptionalLong.empty(),
                OptionalLong.empty(), Optional.empty())), stop);
    }

    private static int fanOut(Multipart multipart, List<SizeSpec> sizes) {
        return sizes.stream().anyMatch(s -> multipart.applies(s.maxBytes())) ? multipart.parallel() : 1;
    }

    private static int maxRanges(GetStage get, List<CellPlan> cells) {
        return cells.stream().anyMatch(c -> get.ranges().applies(c.size().maxBytes())) ? get.ranges().parallel() : 1;
    }
}
