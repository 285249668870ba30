package io.s3workload.workload;

/**
 * A stage kind another stage can offer as a load at a pace and for a time it chooses (a capacity search's steps):
 * {@link #offered} is the stage under other settings (the step's workers, pacing and settle), one cell at a time.
 */
public interface OfferedLoad {

    /** This stage under {@code common}'s settings. */
    StageSpec offered(StageCommon common);
}
