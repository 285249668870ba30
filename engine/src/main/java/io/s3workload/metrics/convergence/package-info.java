/**
 * What a consistency probe measures pair by pair: how soon each reader showed a write (ConvergenceRecorder while it
 * runs, ConvergenceStats after).
 */
package io.s3workload.metrics.convergence;
