package io.s3workload.plan;

import io.s3workload.ground.SizeSpec;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.GetStage;
import io.s3workload.workload.Multipart;
import io.s3workload.workload.ObjectsFrom;
import io.s3workload.workload.PutStage;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The shapes ({@link StageShape}) of the kinds whose folder does not hold theirs yet, one method a kind, and what
 * they share: cells read over a source, the existing objects under a prefix, a probe's pairs.
 */
public final class StageShapes {

    private StageShapes() {
    }

    public static Shape put(PutStage put, Place at) {
        return new Shape(putCells(put.sizes(), put.stop()), Optional.empty(), OptionalLong.empty(),
                fanOut(put.multipart(), put.sizes()));
    }

    /** A get stage: the objects under a prefix, an earlier stage's, or its own seeded before it measures. */
    public static Shape get(GetStage get, Place at) {
        Map<String, StagePlan> earlier = at.earlier();
        if (get.existing().isPresent()) {
            return new Shape(existingCells(get.existing().get(), get.stop()), Optional.empty(), OptionalLong.empty(),
                    Math.max(1, get.ranges().parallel()));
        }
        if (get.readsFrom().isPresent()) {
            List<CellPlan> source = earlier.get(get.readsFrom().get()).cells();
            return new Shape(readCells(source, get.stop()), get.readsFrom(), OptionalLong.empty(),
                    Math.max(1, maxRanges(get, source)));
        }
        long seeded = get.stop().objects().orElse(GetStage.DEFAULT_SEED_OBJECTS);
        List<CellPlan> seededCells = get.sizes().stream().map(size -> new CellPlan(size, OptionalLong.of(seeded),
                OptionalLong.of(seeded), Optional.empty())).toList();
        return new Shape(readCells(seededCells, get.stop()), Optional.empty(), OptionalLong.of(seeded),
                Math.max(maxRanges(get, seededCells), fanOut(get.multipart(), get.sizes())));
    }

    /** A composite is expanded into its members ({@code Planner}), never planned itself. */
    public static Shape expanded(StageSpec composite, Place at) {
        throw new IllegalStateException(composite.kind() + " stage '" + composite.name()
                + "' is expanded into its members, never planned itself (composites do not nest)");
    }

    /**
     * A consistency probe: one cell counting its writes (each writer, each iteration, {@code objects} keys; pair by
     * pair, each reader gets writes of its own); readers polled together, or a batch of keys written at once.
     */
    public static Shape probe(ConsistencyProbe probe, int objects, Place at) {
        String endpoint = at.endpoint();
        List<String> all = at.endpoints();
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
    public static List<CellPlan> readCells(List<CellPlan> source, Stop stop) {
        return source.stream().map(c -> {
            OptionalLong operations = stop.operations().isPresent() ? stop.operations()
                    : stop.duration().isEmpty() ? c.keys() : OptionalLong.empty();
            return new CellPlan(c.size(), operations, c.keys(), stop.duration());
        }).toList();
    }

    /**
     * The one cell of a stage reading the existing objects under a prefix: their sizes and number are known only
     * once listed, so it reads each once unless a stop says otherwise.
     */
    public static List<CellPlan> existingCells(ObjectsFrom.Prefix prefix, Stop stop) {
        return readCells(List.of(new CellPlan(SizeSpec.Weighted.existing(prefix.prefix()), OptionalLong.empty(),
                OptionalLong.empty(), Optional.empty())), stop);
    }

    /** The parts a multipart transfer of the largest size keeps in flight, else 1. */
    public static int fanOut(Multipart multipart, List<SizeSpec> sizes) {
        return sizes.stream().anyMatch(s -> multipart.applies(s.maxBytes())) ? multipart.parallel() : 1;
    }

    private static int maxRanges(GetStage get, List<CellPlan> cells) {
        return cells.stream().anyMatch(c -> get.ranges().applies(c.size().maxBytes())) ? get.ranges().parallel() : 1;
    }
}
