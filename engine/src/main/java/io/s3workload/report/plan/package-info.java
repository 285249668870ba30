/**
 * The plan printed before a run and by the plan command: its stages, their lanes in time, keys and sizes.
 */
package io.s3workload.report.plan;
