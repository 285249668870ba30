/**
 * What a cell cost beside its latencies: the client's own CPU and memory (ProcessCost), and what the store counted
 * and spent by its own metrics (ServerView).
 */
package io.s3workload.metrics.cost;
