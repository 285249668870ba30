/**
 * The mix kind: operations drawn by weight over a working set it seeds, as warp's mixed benchmark.
 */
package io.s3workload.kinds.mix;
