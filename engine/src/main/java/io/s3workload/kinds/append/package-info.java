/**
 * The append kind: objects grown by appends at their end.
 */
package io.s3workload.kinds.append;
