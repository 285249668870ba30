package io.s3workload.workload.yaml;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.Durations;
import io.s3workload.ground.SizeSpec;
import io.s3workload.workload.StageCommon;
import io.s3workload.workload.StageSpec;
import io.s3workload.workload.Stop;
import io.s3workload.workload.composite.SweepStage;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** {@code kind: sweep}: a preset or explicit {@code threads} x {@code sizes}, one operation measured per point. */
public final class SweepStageBinder implements StageBinder {

    @Override
    public Optional<StageSpec> bind(StageCommon common, Fields f) {
        Optional<SweepStage.Preset> preset = f.choice("preset", SweepStage.Preset.class);
        Optional<List<Integer>> threads = f.list("threads", e -> {
            try {
                int n = Integer.parseInt(e.text().trim());
                if (n >= 1) {
                    return Optional.of(n);
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            f.binding().problem(e.pointer(), "expected a thread count of at least 1, got \"" + e.text() + "\"");
            return Optional.empty();
        });
        Optional<List<SizeSpec>> sizes = StopBinder.sizes(f);
        SweepStage.Measure measure = f.choiceOr("op", SweepStage.Measure.class);
        if (preset.isEmpty() && !f.mentions("preset")) {
            if (threads.isEmpty() && !f.mentions("threads")) {
                f.binding().problem(f.pointer(), "missing 'threads' (e.g. [1, 8, 32]) or a 'preset' (quick, full)");
            }
            if (sizes.isEmpty() && !f.mentions("sizes")) {
                f.binding().problem(f.pointer(), "missing 'sizes' (e.g. [1MiB, 32MiB]) or a 'preset' (quick, full)");
            }
        }
        Stop given = new Stop(f.duration("duration"), f.longAtLeast("operations", 1), OptionalLong.empty());
        List<Integer> t = threads.or(() -> preset.map(SweepStage.Preset::threads)).orElse(List.of());
        double scale = f.binding().scale();
        List<SizeSpec> s = sizes.or(() -> preset.map(p -> p.sizes().stream().map(size -> SizeSpec.of(DataSize.ofBytes(
                Scaling.scaleBytes(size.maxBytes(), scale)))).toList())).orElse(List.of());
        if (sizes.isEmpty() && preset.isPresent()) {
            f.binding().scaled(f.child("preset") + "/sizes", preset.get().sizes().toString(), s.toString());
        }
        if (t.isEmpty() || s.isEmpty()) {
            return Optional.empty();
        }
        Stop presetPoint = preset.orElse(SweepStage.Preset.QUICK).point();
        Stop point = given.isEmpty() ? new Stop(presetPoint.duration().map(d -> Scaling.scaleDuration(d, scale)),
                presetPoint.operations().isPresent() ? OptionalLong.of(Scaling.scaleCount(
                presetPoint.operations().getAsLong(), scale)) : OptionalLong.empty(),
                OptionalLong.empty()) : given;
        if (given.isEmpty()) {
            f.binding().scaled(f.child("preset") + "/point", per(presetPoint), per(point));
        }
        long objects = f.longAtLeast("objects", 1).orElse(SweepStage.defaultObjects(t));
        return Optional.of(new SweepStage(common, measure, t, s, point, objects));
    }

    /** A point's stop as people say it: {@code 1000 operations}, {@code 30s}. */
    private static String per(Stop point) {
        return point.operations().isPresent() ? point.operations().getAsLong() + " operations"
                : point.duration().map(Durations::format).orElse("?");
    }
}
