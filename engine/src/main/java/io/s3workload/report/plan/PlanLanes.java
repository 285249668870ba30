package io.s3workload.report.plan;

import io.s3workload.ground.Durations;
import io.s3workload.plan.Plan;
import io.s3workload.plan.Schedule;
import io.s3workload.plan.StagePlan;
import io.s3workload.workload.StageSpec;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The plan's stages over time, for {@code s3workload plan}: a lane per stage on one time axis. */
final class PlanLanes {

    private PlanLanes() {
    }

    private static final int LANE_WIDTH = 48;

    /**
     * The stages over time, a line each: a bar from its planned start to its planned end where both are known
     * ({@code =} a stage, {@code -} one running with another), what it waits for otherwise; then the expected wall
     * time along the critical path.
     */
    static String of(Plan plan) {
        Schedule schedule = new Schedule(plan);
        boolean overlapping = plan.stages().stream().anyMatch(s -> s.with().isPresent() || s.after().size() > 1
                || s.index() > 0 && !s.after().equals(List.of(s.index() - 1)));
        StringBuilder out = new StringBuilder("\n  Stages over time");
        Optional<Duration> total = schedule.total();
        if (total.isEmpty()) {
            out.append(" (the times of count-bound stages are known only when they run):\n");
        } else {
            out.append(" (expected):\n");
        }
        int nameWidth = plan.stages().stream().mapToInt(s -> s.name().length()).max().orElse(5) + 2;
        double scale = total.filter(t -> !t.isZero()).map(t -> LANE_WIDTH / (double) t.toMillis()).orElse(0.0);
        if (scale > 0) {
            out.append("  ").append(" ".repeat(nameWidth)).append(axis(total.get())).append('\n');
        }
        for (StagePlan stage : plan.stages()) {
            out.append("  ").append(pad(stage.name(), nameWidth));
            Optional<Duration> start = schedule.start(stage.index());
            Optional<Duration> end = schedule.end(stage.index());
            if (scale > 0 && start.isPresent() && end.isPresent()) {
                int from = (int) Math.round(start.get().toMillis() * scale);
                int to = Math.max(from + 1, (int) Math.round(end.get().toMillis() * scale));
                out.append(" ".repeat(from)).append('|').append((stage.with().isPresent() ? "-" : "=")
                        .repeat(Math.max(0, to - from - 1))).append('|');
                out.append("  ").append(Durations.format(end.get().minus(start.get())));
            } else {
                out.append(start.map(s -> "starts at " + time(s)).orElse("starts after " + waitsFor(plan, stage)))
                        .append(stage.with().isPresent() ? ", stops with it" : ", runs " + Schedule.duration(stage)
                                .map(Durations::format).orElse(runs(stage)));
            }
            if (stage.with().isPresent() && scale > 0 && start.isPresent() && end.isPresent()) {
                out.append("  (with ").append(plan.stages().get(stage.with().getAsInt()).name()).append(')');
            }
            out.append('\n');
        }
        total.ifPresent(t -> out.append("  Expected wall time: ").append(Durations.format(t))
                .append(overlapping ? ", along the critical path " + String.join(" -> ", schedule.criticalPath()
                        .stream().map(StagePlan::name).toList()) : "").append('\n'));
        return out.toString();
    }

    /** What a stage without a known run time runs for. */
    private static String runs(StagePlan stage) {
        Optional<StageSpec.OwnLength> own = stage.spec().ownLength();
        if (own.isPresent()) {
            return "until its search ends: " + own.get().longest();
        }
        boolean timed = !stage.cells().isEmpty() && stage.cells().stream().allMatch(c -> c.duration().isPresent()
                && c.operations().isEmpty());
        return timed ? Durations.format(stage.cells().stream().map(c -> c.duration().orElseThrow())
                .reduce(Duration.ZERO, Duration::plus)) + " after seeding its objects" : "until its counts are done";
    }

    private static String time(Duration d) {
        return d.isZero() ? "0s" : Durations.format(d);
    }

    private static String waitsFor(Plan plan, StagePlan stage) {
        if (stage.with().isPresent()) {
            return plan.stages().get(stage.with().getAsInt()).name() + " starts";
        }
        return stage.after().isEmpty() ? "nothing" : String.join(" and ", stage.after().stream()
                .map(i -> plan.stages().get(i).name()).toList());
    }

    private static String axis(Duration total) {
        StringBuilder axis = new StringBuilder();
        for (int mark = 0; mark <= 3; mark++) {
            String label = time(total.multipliedBy(mark).dividedBy(3));
            int at = LANE_WIDTH * mark / 3;
            while (axis.length() < at) {
                axis.append(' ');
            }
            axis.append(label);
        }
        return axis.toString();
    }

    private static String pad(String text, int width) {
        return text.length() >= width ? text + " " : text + " ".repeat(width - text.length());
    }
}
