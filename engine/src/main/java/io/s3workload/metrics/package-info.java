/**
 * What a run measures: HdrHistogram cells keyed by stage, operation and size, and the client's own cost.
 */
package io.s3workload.metrics;
