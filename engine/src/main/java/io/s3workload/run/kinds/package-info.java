/**
 * The runners of the stage kinds not yet in a folder of their own (put, get), and the polling the consistency
 * probes share with the kinds that read back (ConvergenceProbe).
 */
package io.s3workload.run.kinds;
