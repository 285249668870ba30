/**
 * The ops log's file format: one row per operation, written in stripes, read back and merged across shards.
 */
package io.s3workload.opslog;
