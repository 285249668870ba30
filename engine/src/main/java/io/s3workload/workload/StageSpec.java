package io.s3workload.workload;

/**
 * One stage of a workload, as written. Each kind is one record; adding a kind to {@code permits} makes every
 * exhaustive switch over stages fail to compile until the kind is handled.
 */
public sealed interface StageSpec permits PutStage, GetStage, DeleteStage, HeadStage, ListStage,
        RangeReadStage, ConnectivityStage, ReadAfterWriteStage, ListAfterWriteStage, MixStage,
        TranscodeStage, HttpGetStage, CopyStage, VersionsStage, SweepStage, CompareStage, LoopsStage, GroupStage {

    StageCommon common();

    StageKind kind();

    /** What the stage's writes store with each object besides its bytes (none for a stage that writes none). */
    default ObjectSettings writes() {
        return ObjectSettings.NONE;
    }

    default String name() {
        return common().name();
    }
}
