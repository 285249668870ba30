/**
 * The listAfterWrite kind: keys PUT through each writer, listed through each reader until all show with their
 * ETags; convergence timed pair by pair.
 */
package io.s3workload.kinds.listafterwrite;
