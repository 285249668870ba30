package io.s3workload.report.console;

import io.s3workload.ground.Units;
import io.s3workload.metrics.CellStats;
import io.s3workload.plan.StageGroup;
import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.workload.StageKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The console's composite stages (sweep, compare, loops): their finished members kept by group, whatever else
 * runs at the same time, and printed together once the group's last member has finished — a sweep size's table, a
 * compare's endpoints side by side, a loops stage's lines. A sweep prints a line per point as it finishes.
 */
final class CompositeBlocks {

    private final List<StagePlan> planned;
    /** Finished members by {@link #groupKey}, and how many members of each have yet to finish. */
    private final Map<String, List<StageResult>> members = new LinkedHashMap<>();
    private final Map<String, Integer> unfinished = new HashMap<>();
    private final Map<String, List<String>> loopLines = new HashMap<>();

    CompositeBlocks(List<StagePlan> planned) {
        this.planned = planned;
        for (StagePlan stage : planned) {
            groupKey(stage).ifPresent(key -> unfinished.merge(key, 1, Integer::sum));
        }
    }

    static boolean isSweep(StagePlan stage) {
        return stage.group().filter(g -> g.kind().together() == StageKind.Together.SWEEP).isPresent();
    }

    /** Whether {@code stage} is the first of its sweep, which gets the sweep's one header. */
    boolean startsSweep(StagePlan stage) {
        if (stage.index() == 0) {
            return true;
        }
        Optional<StageGroup> previous = planned.get(stage.index() - 1).group();
        return previous.isEmpty() || !previous.get().name().equals(stage.group().orElseThrow().name());
    }

    /** What to print now that {@code result}, a member of a composite or a plain stage, has finished. */
    String finished(StageResult result) {
        Optional<String> key = groupKey(result.stage());
        if (key.isEmpty()) {
            return "";
        }
        StageGroup group = result.stage().group().orElseThrow();
        StringBuilder b = new StringBuilder();
        if (group.kind().together() == StageKind.Together.SWEEP) {
            for (CellStats c : result.cells()) {
                int threads = result.stage().concurrency();
                b.append("  ").append(c.key().label()).append(group.preparation() ? ", working set upload"
                        : ", " + threads + (threads == 1 ? " thread" : " threads")).append(": ")
                        .append(Units.mibPerSecond(c.bytesPerSecond())).append(", ").append(c.operations())
                        .append(" ok, ").append(c.errors()).append(" errors\n");
            }
        }
        List<StageResult> done = members.computeIfAbsent(key.get(), k -> new ArrayList<>());
        if (!group.preparation()) {
            done.add(result);
        }
        if (group.kind().together() == StageKind.Together.LOOP_LINES) {
            List<String> lines = GroupBlocks.loopLines(group.loop().orElse(1), result);
            lines.forEach(line -> b.append("  ").append(line).append('\n'));
            loopLines.computeIfAbsent(key.get(), k -> new ArrayList<>()).addAll(lines);
        }
        if (unfinished.merge(key.get(), -1, Integer::sum) <= 0) {
            b.append(group(key.get()));
        }
        return b.toString();
    }

    /** The composites a stop cut short, with what their finished members add up to. */
    String cutShort() {
        StringBuilder b = new StringBuilder();
        List.copyOf(members.keySet()).forEach(key -> b.append(group(key)));
        return b.toString();
    }

    /** The composite a stage belongs to: its group, and for a sweep its size; empty for a plain stage. */
    private static Optional<String> groupKey(StagePlan stage) {
        return stage.group().map(g -> g.name() + (g.kind().together() == StageKind.Together.SWEEP ? "\n" + g.size() : ""));
    }

    /** What the finished members of composite {@code key} add up to. */
    private String group(String key) {
        List<StageResult> done = members.remove(key);
        List<String> lines = loopLines.remove(key);
        List<StageResult> ran = done == null ? List.of() : done.stream().filter(m -> !m.cells().isEmpty()).toList();
        if (ran.isEmpty()) {
            return "";
        }
        StageGroup group = ran.get(0).stage().group().orElseThrow();
        return switch (group.kind()) {
            case LOOPS -> "\nLoops " + group.name() + ":\n" + String.join("", lines.stream()
                    .map(line -> "  " + line + "\n").toList());
            case COMPARE -> "\n" + GroupBlocks.compareTable(group.name(), ran);
            case SWEEP -> "\n" + GroupBlocks.sweepTable(group.name(), ran) + "\n";
            default -> "";
        };
    }
}
