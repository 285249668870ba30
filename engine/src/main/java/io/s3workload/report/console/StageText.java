package io.s3workload.report.console;

import io.s3workload.plan.StagePlan;
import io.s3workload.result.StageResult;
import io.s3workload.workload.KindParts;
import io.s3workload.workload.StageKind;
import java.util.List;
import java.util.Map;

/**
 * What a stage of one kind says of itself in the plan and on the console, where it says more or other than a load
 * does: a kind's part in the reporters, which the table of kinds ({@link KindParts}) gives. Every method has the
 * load's answer; a kind overrides what it says otherwise; its text is in its folder ({@code kinds/<kind>/}).
 */
public interface StageText {

    /** A load's text: pacing, endpoints and source in the header, no notes, a block per cell. */
    StageText LOAD = new StageText() {
    };

    /** The text of {@code kind}'s stages. */
    static StageText of(StageKind kind) {
        return KindParts.of(kind, StageText.class);
    }

    /**
     * The console header's account of the stage after its name and kind ({@code 8 workers, endpoint s3, objects of
     * put}).
     */
    default String header(StagePlan stage) {
        return StageHeaders.load(stage);
    }

    /** What the plan's stage settings say of it beyond what every stage may set. */
    default Notes notes(StagePlan stage) {
        return Notes.NONE;
    }

    /** The plan table's keys for a cell that gives no count of them ({@code from run}, {@code 1 per op}). */
    default String keys(StagePlan stage) {
        return "from run";
    }

    /** Whether its cells have an object size to show in the plan ({@code -} when not). */
    default boolean sized() {
        return true;
    }

    /** Its blocks on the console, above what it found beyond its cells: by default a block per cell. */
    default String blocks(StageResult result, Console console) {
        return console.cells(result, result.stage().spread().isPresent());
    }

    /** What the console lends a kind's blocks. */
    interface Console {

        /** A block per cell of {@code result}, each followed by an empty line; the endpoint in each if asked. */
        String cells(StageResult result, boolean showEndpoint);

        /** The printable URL of every endpoint, by name. */
        Map<String, String> endpointUrls();
    }

    /** What the plan says of a stage of its kind beyond the usual: said first (a capacity search's), and last. */
    record Notes(List<String> first, List<String> last) {

        public static final Notes NONE = new Notes(List.of(), List.of());

        public static Notes last(String... notes) {
            return new Notes(List.of(), List.of(notes));
        }
    }
}
