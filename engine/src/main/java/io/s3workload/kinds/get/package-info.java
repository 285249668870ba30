/**
 * The get kind: objects read, an earlier stage's, a prefix's or its own seeded; whole, in parallel ranges, or
 * checked against what was written or the server's checksum.
 */
package io.s3workload.kinds.get;
