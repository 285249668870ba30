/**
 * The replay kind: a trace played on its recorded clock, and how faithfully it played.
 */
package io.s3workload.kinds.replay;
