/**
 * The value types every folder uses: sizes, size distributions, percentiles and how figures are written.
 */
package io.s3workload.ground;
