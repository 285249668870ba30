/**
 * The command line's options shared by commands: the workload file and what overrides it (WorkloadOptions), stage
 * selection (StageOptions), a shard of a run (Sharded).
 */
package io.s3workload.cli.options;
