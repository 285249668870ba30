/**
 * The runners of the stage kinds not yet in a folder of their own, and the probes several kinds share.
 */
package io.s3workload.run.kinds;
