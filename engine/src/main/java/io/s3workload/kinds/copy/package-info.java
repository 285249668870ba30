/**
 * The copy kind: server-side copies of objects written before it, or already there.
 */
package io.s3workload.kinds.copy;
