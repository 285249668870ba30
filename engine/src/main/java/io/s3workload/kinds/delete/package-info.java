/**
 * The delete kind: the objects an earlier stage wrote, deleted one by one or in batches.
 */
package io.s3workload.kinds.delete;
