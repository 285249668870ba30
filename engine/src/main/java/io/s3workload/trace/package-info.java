/**
 * The trace readers a replay plays from (S3 access logs, CloudTrail, MinIO's audit log, an ops log), each giving
 * trace operations.
 */
package io.s3workload.trace;
