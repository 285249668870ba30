package io.s3workload.plan;

import io.s3workload.ground.DataSize;
import io.s3workload.workload.ConsistencyProbe;
import io.s3workload.workload.FailOn;
import io.s3workload.workload.LoadEndpoints;
import io.s3workload.workload.LoadShape;
import io.s3workload.workload.StageGraph;
import io.s3workload.workload.StageKind;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.StopWhenStable;
import io.s3workload.workload.endpoints.ClientSettings;
import io.s3workload.workload.objects.Access;
import io.s3workload.workload.objects.ObjectSettings;
import io.s3workload.workload.objects.ObjectsFrom;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * A stage with every default resolved. Kind-specific settings stay in the stage's own record, {@link #spec()}.
 *
 * @param source      where its objects come from: another stage, or its own unmeasured writes
 * @param failOn      the run's thresholds overridden by the stage's
 * @param client      the client settings: built-in defaults, overridden by the workload's, then the stage's
 * @param connections requests this stage may have in flight at once (workers x parts or ranges per object), on
 *                    each endpoint it uses
 * @param roles       the endpoints the stage writes through and reads through: both are {@code [endpoint]} for a
 *                    load stage; a probe may have several of each
 * @param position    its name and where it sits in the run's graph
 * @param customerKey whether its objects are SSE-C encrypted (it writes them so, or reads a stage's that are), so
 *                    that every request for them carries the run's customer key
 */
public record StagePlan(int index, StageSpec spec, String endpoint, int concurrency, List<CellPlan> cells,
                        Source source, FailOn failOn, ClientSettings client, int connections, Roles roles,
                        Position position, boolean customerKey) {

    public StagePlan {
        cells = List.copyOf(cells);
    }

    /**
     * Where a stage's objects come from.
     *
     * @param from        the stage whose objects this one reads, lists or deletes
     * @param seedObjects objects per size a stage writes (unmeasured) before measuring: a get stage without a
     *                    source, a mix stage's working set
     */
    public record Source(Optional<String> from, OptionalLong seedObjects) {
    }

    /**
     * A stage's name and where it sits in the run's graph.
     *
     * @param name  the stage's name: as written, or made by expanding a composite stage ({@code ab.direct.1})
     * @param group the composite stage this one was expanded from, if any
     * @param after the indexes of the stages that must end before this one starts
     * @param with  the index of the stage this one starts and stops with, if any
     */
    public record Position(String name, Optional<StageGroup> group, List<Integer> after, OptionalInt with) {

        public Position {
            after = List.copyOf(after);
        }
    }

    public Optional<String> from() {
        return source.from();
    }

    public OptionalLong seedObjects() {
        return source.seedObjects();
    }

    public String name() {
        return position.name();
    }

    public Optional<StageGroup> group() {
        return position.group();
    }

    public List<Integer> after() {
        return position.after();
    }

    public OptionalInt with() {
        return position.with();
    }

    /**
     * Worker threads the stage's loop runs: its concurrency, or the most a closed-loop ramp reaches (an open loop's
     * ramp moves the rate, not the workers).
     */
    public int workers() {
        return spec.common().load().workers(concurrency);
    }

    // ---- what the run reads of the stage's common settings, through the plan ----

    /** How its load is offered: a closed loop of its workers, or an open loop at a rate; ramps, think time. */
    public LoadShape load() {
        return spec.common().load();
    }

    /** How long each cell's load runs unmeasured first ({@code warmUp}), if at all. */
    public Optional<Duration> warmUp() {
        return spec.common().warmUp();
    }

    /** When a duration-bound cell may end early, its throughput holding still ({@code stopWhenStable}). */
    public Optional<StopWhenStable> stopWhenStable() {
        return spec.common().stopWhenStable();
    }

    /** How it picks the keys it reads among many ({@code access}, its kind's default where not written). */
    public Access access() {
        return spec.common().access();
    }

    /** Whether a crossed threshold stops the whole run ({@code onFailure: stopRun}). */
    public boolean stopsTheRunOnFailure() {
        return spec.common().graph().onFailure() == StageGraph.OnFailure.STOP_RUN;
    }

    /**
     * Whether it names the stages it runs after ({@code after:}), so that their failure skips it; a stage that
     * does not follows the one before it in order only.
     */
    public boolean namesWhatItRunsAfter() {
        return !spec.common().graph().after().isEmpty();
    }

    /** The objects under a prefix it reads, when it reads existing objects rather than a stage's. */
    public Optional<ObjectsFrom.Prefix> existing() {
        return spec.existing();
    }

    /** What it sets on the objects it writes (retention, legal hold, SSE, tags). */
    public ObjectSettings writes() {
        return spec.writes();
    }

    /** Objects above this size it reads as several ranged GETs at once. */
    public Optional<DataSize> readsInRangesAbove() {
        return spec.readsInRangesAbove();
    }

    /** The endpoints a load stage spreads its workers over, when it does (not for a compare's member). */
    public Optional<LoadEndpoints> spread() {
        return spec.common().spread().filter(s -> roles.writers().equals(s.names()) && s.names().size() > 1);
    }

    /** The endpoints its workers go through: those it spreads them over, else its one endpoint. */
    public List<String> workerEndpoints() {
        return spread().map(LoadEndpoints::names).orElse(List.of(endpoint()));
    }

    /** The endpoint worker {@code worker} goes through, the spread drawn from {@code seed}. */
    public IntFunction<String> endpointOfWorker(long seed) {
        Optional<LoadEndpoints> spread = spread();
        String only = endpoint();
        return worker -> spread.map(s -> s.of(worker, seed)).orElse(only);
    }

    /** The key prefix it works under, after the run's: its {@code from} stage's ({@code from/}), else none. */
    public String fromPrefix() {
        return from().map(f -> f + "/").orElse("");
    }

    /** Every endpoint the stage sends requests to, writers first, each once. */
    public List<String> endpoints() {
        return Stream.concat(roles.writers().stream(), roles.readEndpoints().stream()).distinct()
                .toList();
    }

    /** Which endpoints a stage writes through and which it reads through. */
    public record Roles(List<String> writers, List<String> readers, boolean self) {

        public Roles {
            writers = List.copyOf(writers);
            readers = List.copyOf(readers);
        }

        public Roles(List<String> writers, List<String> readers) {
            this(writers, readers, false);
        }

        public static Roles of(String endpoint) {
            return new Roles(List.of(endpoint), List.of(endpoint));
        }

        /** The endpoints that read {@code writer}'s writes: itself first when {@code self}, then the readers. */
        public List<String> readersOf(String writer) {
            if (!self) {
                return readers;
            }
            return Stream.concat(Stream.of(writer), readers.stream()).distinct()
                    .toList();
        }

        /** Every endpoint that reads some writer's writes, each once, in the order pairs meet them. */
        public List<String> readEndpoints() {
            return self ? writers.stream().flatMap(w -> readersOf(w).stream()).distinct().toList() : readers;
        }

        /** How many writer-reader pairs there are. */
        public int pairCount() {
            return writers.stream().mapToInt(w -> readersOf(w).size()).sum();
        }

        /** The readers as a workload says them: {@code self, iad, ord}. */
        public String readersText() {
            return String.join(", ", self ? Stream.concat(
                    Stream.of(ConsistencyProbe.SELF), readers.stream())
                    .toList() : readers);
        }
    }

    public StageKind kind() {
        return spec.kind();
    }

    /** The stage's record as its kind: {@code stage.spec(PutStage.class).multipart()}. */
    public <S extends StageSpec> S spec(Class<S> kind) {
        return kind.cast(spec);
    }

    /** Whether every cell's operation count is known before the run. */
    public boolean countsKnown() {
        return cells.stream().allMatch(c -> c.operations().isPresent());
    }
}
