package io.s3workload.report.console;

import io.s3workload.plan.StagePlan;
import io.s3workload.workload.Conditional;
import io.s3workload.workload.GetStage;
import io.s3workload.workload.PutStage;
import java.util.ArrayList;
import java.util.List;

/**
 * The texts ({@link StageText}) of the kinds whose folder does not hold theirs yet, where they say more or other than
 * a load ({@link StageText#LOAD}).
 */
public final class KindTexts {

    private KindTexts() {
    }

    /** A put: each operation a key of its own; conditional writes and measured parts said. */
    public static final StageText PUT = new StageText() {
        @Override
        public Notes notes(StagePlan stage) {
            PutStage put = stage.spec(PutStage.class);
            List<String> notes = new ArrayList<>();
            if (put.conditional() != Conditional.NONE) {
                notes.add(put.conditional() == Conditional.IF_MATCH
                        ? "conditional: If-Match the ETag last written (If-None-Match: * on a key's first write)"
                        : "conditional: If-None-Match: * (create only)");
            }
            if (put.multipart().measureParts()) {
                notes.add("parts measured one by one (an UPLOAD PART cell beside each multipart size)");
            }
            return new Notes(List.of(), notes);
        }

        @Override
        public String keys(StagePlan stage) {
            return "1 per op";
        }
    };

    /** A get: checksum validation said. */
    public static final StageText GET = new StageText() {
        @Override
        public Notes notes(StagePlan stage) {
            return stage.spec(GetStage.class).validateChecksum()
                    ? Notes.last("reads checked against the server's checksum") : Notes.NONE;
        }
    };

}
