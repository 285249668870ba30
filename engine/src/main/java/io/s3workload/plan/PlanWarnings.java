package io.s3workload.plan;

import io.s3workload.ground.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * What a plan will do that is legal but probably not meant, said by {@code validate}, {@code plan} and {@code run}
 * before anything is sent.
 */
public final class PlanWarnings {

    private PlanWarnings() {
    }

    public static List<String> of(Plan plan) {
        List<String> warnings = new ArrayList<>();
        for (StagePlan stage : plan.stages()) {
            if (stage.spec().warnsOfSharedKeys()) {
                stage.cells().stream()
                        .filter(cell -> cell.keys().isPresent() && cell.keys().getAsLong() < stage.concurrency()
                                && (cell.operations().isEmpty()
                                || cell.operations().getAsLong() > cell.keys().getAsLong()))
                        .mapToLong(cell -> cell.keys().getAsLong()).min()
                        .ifPresent(keys -> warnings.add("stage '" + stage.name() + "': " + stage.concurrency()
                                + " workers write " + Units.count(keys, "object") + ", so some workers will PUT a key another is"
                                + " writing at the same moment — legal S3, but a load some servers fail under;"
                                + " give objects: " + stage.concurrency() + " or more (or fewer workers), or"
                                + " sharedKeys: true if the contention is the point"));
            }
        }
        return warnings;
    }
}
