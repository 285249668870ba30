package io.s3workload.plan;

import io.s3workload.workload.StageSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * When each stage of a plan is expected to start and end, from the run's start, where that is known: a stage runs
 * for a known time when every cell of it runs for a set duration (nothing count-bound, nothing seeded first); a
 * stage starts when the last stage it is after ends; a stage 'with' another starts and ends with it.
 */
public final class Schedule {

    private final Plan plan;
    private final List<Optional<Duration>> starts = new ArrayList<>();
    private final List<Optional<Duration>> ends = new ArrayList<>();

    public Schedule(Plan plan) {
        this.plan = plan;
        for (StagePlan stage : plan.stages()) {
            Optional<Duration> start;
            Optional<Duration> end;
            if (stage.with().isPresent()) {
                start = starts.get(stage.with().getAsInt());
                end = ends.get(stage.with().getAsInt());
            } else {
                start = Optional.of(Duration.ZERO);
                for (int p : stage.after()) {
                    start = start.isPresent() && ends.get(p).isPresent()
                            ? Optional.of(max(start.get(), ends.get(p).get())) : Optional.empty();
                }
                Optional<Duration> length = duration(stage);
                end = start.isPresent() && length.isPresent() ? Optional.of(start.get().plus(length.get()))
                        : Optional.empty();
            }
            starts.add(start);
            ends.add(end);
        }
    }

    public Optional<Duration> start(int stage) {
        return starts.get(stage);
    }

    public Optional<Duration> end(int stage) {
        return ends.get(stage);
    }

    /** The run's expected wall time (the end of the critical path), when every stage's time is known. */
    public Optional<Duration> total() {
        Duration total = Duration.ZERO;
        for (Optional<Duration> end : ends) {
            if (end.isEmpty()) {
                return Optional.empty();
            }
            total = max(total, end.get());
        }
        return Optional.of(total);
    }

    /** The stages of the critical path, first to last: from the last-ending stage back through what it waited for. */
    public List<StagePlan> criticalPath() {
        List<StagePlan> path = new ArrayList<>();
        int last = -1;
        for (int i = 0; i < ends.size(); i++) {
            if (ends.get(i).isPresent() && (last < 0 || ends.get(i).get().compareTo(ends.get(last).get()) > 0)) {
                last = i;
            }
        }
        while (last >= 0) {
            StagePlan stage = plan.stages().get(last);
            path.add(0, stage);
            int next = -1;
            for (int p : stage.with().isPresent() ? List.of(stage.with().getAsInt()) : stage.after()) {
                if (ends.get(p).isPresent() && (next < 0 || ends.get(p).get().compareTo(ends.get(next).get()) > 0)) {
                    next = p;
                }
            }
            if (stage.with().isPresent() && next >= 0) {
                path.remove(0);
            }
            last = next;
        }
        return path;
    }

    /** A stage's own run time when every cell runs for a set duration, else empty. */
    public static Optional<Duration> duration(StagePlan stage) {
        Optional<StageSpec.OwnLength> own = stage.spec().ownLength();
        if (own.isPresent()) {
            return own.get().fixed();
        }
        Duration total = Duration.ZERO;
        for (CellPlan cell : stage.cells()) {
            if (cell.duration().isEmpty() || cell.operations().isPresent() || stage.seedObjects().isPresent()) {
                return Optional.empty();
            }
            total = total.plus(cell.duration().get());
        }
        return stage.cells().isEmpty() ? Optional.empty() : Optional.of(total);
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
