package io.s3workload.workload;

import java.util.Optional;

/**
 * A stage kind another stage can offer as a load at a pace and for a time it chooses (a capacity search's steps):
 * {@link #offered} is the stage under other settings (the step's workers, pacing and settle), one cell at a time.
 */
public interface OfferedLoad {

    /** This stage under {@code common}'s settings. */
    StageSpec offered(StageCommon common);

    /**
     * Why this stage, as written, cannot be offered step after step (its key, and what to write instead); empty when
     * it can. By default it can.
     */
    default Optional<Unfit> unfitToRepeat() {
        return Optional.empty();
    }

    /** What keeps a load from being offered again and again: the key it concerns ("" for the stage) and why. */
    record Unfit(String key, String problem) {
    }
}
