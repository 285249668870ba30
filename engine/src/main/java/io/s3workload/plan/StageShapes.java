package io.s3workload.plan;

import io.s3workload.ground.SizeSpec;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.Stop;
import io.s3workload.workload.objects.Multipart;
import io.s3workload.workload.objects.ObjectsFrom;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the kinds' shapes ({@link StageShape}) share: cells read over a source, the one cell over the existing objects
 * under a prefix, a multipart transfer's fan-out, a consistency probe's one cell of writes and its pairs.
 */
public final class StageShapes {

    private StageShapes() {
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
}
