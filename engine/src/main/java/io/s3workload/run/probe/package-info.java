/**
 * The polling the consistency probes (readAfterWrite, listAfterWrite) share with the kinds that read back what they
 * wrote (transcode): write, then poll each reader until it shows the write, timing convergence pair by pair.
 */
package io.s3workload.run.probe;
