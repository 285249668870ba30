/**
 * Finished runs read back: shards merged, reports written again, two runs compared.
 */
package io.s3workload.report.finished;
