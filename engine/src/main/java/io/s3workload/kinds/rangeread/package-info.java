/**
 * The rangeRead kind: ranged GETs of large sources, at random offsets or in order.
 */
package io.s3workload.kinds.rangeread;
