/**
 * The stores a run talks to: a key's operations, multipart, versions and bucket-wide calls, over the SDK's clients or
 * s3workload's own.
 */
package io.s3workload.s3;
