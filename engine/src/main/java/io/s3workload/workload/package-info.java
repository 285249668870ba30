/**
 * The workload as written, typed: the workload (Workload), what every stage has (StageSpec, StageCommon, Stop, the
 * load's shape, thresholds), the kinds and their traits (StageKind) and the table of kinds' parts
 * ({@link io.s3workload.workload.KindParts}); endpoints, objects and composites are its rooms, each kind's record is
 * in its folder under kinds/.
 */
package io.s3workload.workload;
