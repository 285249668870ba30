/**
 * The readAfterWrite kind: a write through each writer (a PUT, a server-side copy or a new version), read back
 * through each reader until it shows; convergence timed pair by pair.
 */
package io.s3workload.kinds.readafterwrite;
