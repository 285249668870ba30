package io.s3workload.opslog;

/**
 * Where a run's operations are logged: the {@link OpsLog} and what every row of the run repeats.
 *
 * @param run   the run's id
 * @param shard  the shard's number as {@code i/n}, empty for a whole run
 * @param bucket the run's bucket (an operation in a run spread over buckets names its own)
 */
public record OpsSink(OpsLog log, String run, String shard, String bucket) {
}
