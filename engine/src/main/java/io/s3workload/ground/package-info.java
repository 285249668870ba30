/**
 * The value types every folder uses: sizes, size distributions, percentiles, durations and how figures are written,
 * a shard of a run (Shard), and how a constant is spelled in YAML (Keyed).
 */
package io.s3workload.ground;
