/**
 * The workload as written, typed: its endpoints, defaults and a record per stage kind, with the table of kinds' parts
 * ({@link io.s3workload.workload.KindParts}).
 */
package io.s3workload.workload;
