/**
 * The loop every load runs: workers (WorkerState) in a closed or open loop (ClosedLoop) on a schedule or a curve
 * (Schedule, LoadCurve), each operation tried again by its attempts (Attempts) under a watchdog, recorded into its
 * cell (OpRecorder); a transfer's parts (Transfers) and a weighted mix's draws (Draws).
 */
package io.s3workload.run.loop;
