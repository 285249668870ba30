/**
 * The trace formats a replay reads (S3 access logs, CloudTrail, MinIO's audit log, an ops log), each a reader giving
 * trace operations, and how a format is named or recognised (TraceFormat).
 */
package io.s3workload.trace.formats;
