/**
 * What a run measures: HdrHistogram cells keyed by stage, operation and size (CellRecorder, CellStats), with their
 * counts, size buckets and notable requests; a probe's convergence and a cell's cost are the rooms below.
 */
package io.s3workload.metrics;
