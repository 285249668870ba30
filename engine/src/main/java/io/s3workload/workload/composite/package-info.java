/**
 * The composite stages, which the planner expands into the stages they hold and never runs: a sweep (SweepStage,
 * asking the kind it measures for a stage at each point: SweepPoint), a comparison of endpoints (CompareStage),
 * loops (LoopsStage) and a group (GroupStage).
 */
package io.s3workload.workload.composite;
