package io.s3workload.kinds.httpget;

import io.s3workload.ground.DataSize;
import io.s3workload.ground.SizeSpec;
import io.s3workload.kinds.Kind;
import io.s3workload.plan.CellPlan;
import io.s3workload.plan.StagePlan;
import io.s3workload.plan.StageShape.Place;
import io.s3workload.plan.StageShape.Shape;
import io.s3workload.report.console.GroupBlocks;
import io.s3workload.report.console.StageText;
import io.s3workload.result.StageResult;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * {@code kind: httpGet}: HTTP GETs of URLs (or an earlier stage's objects by presigned URL), as an HTTP benchmark tool
 * does them. Its parts: one cell, its runner ({@link HttpGetRunner}), its cells shown as such a tool shows them.
 */
public final class HttpGetKind {

    /** An httpGet: its cells, then each as an HTTP benchmark tool shows it. */
    private static final StageText TEXT = new StageText() {
        @Override
        public String blocks(StageResult result, Console console) {
            return console.cells(result, result.stage().spread().isPresent())
                    + result.cells().stream().map(GroupBlocks::httpBench).collect(Collectors.joining());
        }
    };

    public static final Kind<HttpGetStage> KIND = new Kind<>(HttpGetStage.class, new HttpGetStageBinder(),
            HttpGetKind::shape, HttpGetRunner::new, TEXT);

    private HttpGetKind() {
    }

    static Shape shape(HttpGetStage http, Place at) {
        return new Shape(List.of(new CellPlan(SizeSpec.of(DataSize.ofBytes(0)), http.stop().operations(),
                OptionalLong.empty(), http.stop().duration())), http.from(), OptionalLong.empty(), 0,
                http.from().isPresent() ? StagePlan.Roles.of(at.endpoint())
                        : new StagePlan.Roles(List.of(), List.of()));
    }
}
